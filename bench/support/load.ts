import autocannon from 'autocannon';
import { request } from 'undici';

/** One HTTP request the load repeats. */
export interface Target {
  url: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Throughput and loaded latency of one autocannon run. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/**
 * Runs autocannon (in this process) against one target for `seconds`, `connections` keep-alive connections,
 * no pipelining; as fast as it answers, or at `rate` requests/s. Latencies are autocannon's (whole milliseconds).
 */
export async function runLoad(target: Target, options: { seconds: number; connections: number; rate?: number }): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${target.url}${target.path}`,
    method: target.method ?? 'POST',
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    pipelining: 1,
    duration: options.seconds,
    // A fixed arrival rate over all connections (requests/s), for latency at a given load rather than at saturation.
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Percentile of sorted values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Unloaded latency at sub-millisecond resolution: `count` requests one after another on one keep-alive
 * connection (autocannon's histogram counts whole milliseconds, too coarse for a cache hit).
 */
export async function sequentialLatency(target: Target, count: number): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    const response = await request(`${target.url}${target.path}`, {
      method: target.method ?? 'POST',
      headers: target.headers,
      body: target.body,
    });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`${target.path}: HTTP ${response.statusCode}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The run with the median throughput (its latencies come with it, so the figures stay one run's). */
export function medianRun(runs: readonly LoadFigures[]): LoadFigures {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no runs');
  return median;
}
