import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { type Outcome, mixedWorkload, send, type WorkItem } from '../../bench/support/mixed-workload.js';
import { percentile } from '../../bench/support/load.js';
import { type ServiceProcess, serviceEnv, startService } from '../../bench/support/service-process.js';

export interface SoakOptions {
  /** A running service to load; without it, one is started (src/main.ts, demo source, its own DATA_DIR). */
  url?: string;
  /** The bearer key for `url` (a started service gets its own). */
  key?: string;
  durationMs: number;
  /** Length of one reporting interval. */
  intervalMs: number;
  /** Requests in flight at once (closed loop). */
  concurrency: number;
  /** Pace the load to about this many requests per second (0 = as fast as the service answers). */
  rps?: number;
  /** Distinct phrases the load draws from: small pools are mostly cache hits, large ones keep missing. */
  phrases?: number;
  /** Mix in search_volume and GraphQL requests with match types (issue 21). */
  matchTypes?: boolean;
  /** CACHE_MAX_BYTES of a started service (default 32 MiB). */
  cacheMaxBytes?: number;
  /** Called with each interval as it closes (the CLI prints it). */
  onInterval?: (interval: SoakInterval) => void;
}

/** One reporting interval. */
export interface SoakInterval {
  /** Seconds since the load started, at the end of the interval. */
  atSeconds: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** RSS of the service process, when this run started it (unknown for --url). */
  rssBytes: number | undefined;
}

export interface SoakReport {
  intervals: SoakInterval[];
  requests: number;
  errors: number;
  /** Up to 10 failed requests, for the message. */
  failures: Outcome[];
  p50: number;
  p99: number;
  /** RSS after start-up and warm-up, before the load; undefined for --url. */
  rssStartBytes: number | undefined;
}

const SOAK_KEY = 'soak-key-0123456789';

/**
 * A steady mixed load (REST /v1 and /v2, GraphQL; hits and misses over a pool of phrases) against a service for
 * `durationMs`, reported per interval: requests, errors (any non-200, any GraphQL `errors`), latency percentiles
 * and the service's RSS.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  let service: ServiceProcess | undefined;
  const key = options.url ? (options.key ?? SOAK_KEY) : SOAK_KEY;
  let url = options.url;
  if (!url) {
    // A small cache bound, reached early: growth after that is a leak, not the cache filling up.
    service = await startService(serviceEnv(SOAK_KEY, { CACHE_MAX_BYTES: String(options.cacheMaxBytes ?? 32 * 2 ** 20) }));
    url = service.url;
    // The first ledger read opens (and creates) the embedded database: do that before the clock starts. On a busy
    // machine that takes longer than a request's 3 s database wait, which answers 503: ask again, up to 60 s.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const warm = await request(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
      await warm.body.text();
      if (warm.statusCode === 200) break;
      if (warm.statusCode !== 503 || Date.now() > deadline) throw new Error(`warm-up GET /v1/usage: HTTP ${warm.statusCode}`);
      // real wait: the soak measures a real process over wall time (test:long)
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // GraphQL is loaded on its first request (start-up, issue 25): load it before the clock starts too, so the RSS
    // band measures growth under load, not a face the process had not loaded yet.
    const graphql = await request(`${url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    await graphql.body.text();
    if (graphql.statusCode !== 200) throw new Error(`warm-up POST /graphql: HTTP ${graphql.statusCode}`);
  }
  try {
    return await drive(url, key, options, service);
  } finally {
    await service?.stop();
  }
}

async function drive(url: string, key: string, options: SoakOptions, service: ServiceProcess | undefined): Promise<SoakReport> {
  const tag = randomBytes(3).toString('hex');
  const phrases = options.phrases ?? 300;
  let chunk: WorkItem[] = [];
  let chunkSeed = 1;
  let sent = 0;
  const nextItem = (): WorkItem => {
    if (chunk.length === 0) chunk = mixedWorkload(5_000, phrases, tag, chunkSeed++, { matchTypes: options.matchTypes ?? false }).reverse();
    return chunk.pop()!;
  };

  const intervals: SoakInterval[] = [];
  const failures: Outcome[] = [];
  const allTimes: number[] = [];
  let current: Outcome[] = [];
  let errors = 0;
  const rssStartBytes = service?.rssBytes();
  const started = Date.now();
  const deadline = started + options.durationMs;

  const closeInterval = () => {
    const times = current.map((o) => o.ms).sort((a, b) => a - b);
    const interval: SoakInterval = {
      atSeconds: Math.round((Date.now() - started) / 100) / 10,
      requests: current.length,
      errors: current.filter((o) => o.status !== 200 || o.error).length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      max: times.at(-1) ?? NaN,
      rssBytes: service?.rssBytes(),
    };
    intervals.push(interval);
    options.onInterval?.(interval);
    current = [];
  };
  const ticker = setInterval(closeInterval, options.intervalMs);

  try {
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (Date.now() < deadline) {
          const index = sent++;
          if (options.rps) {
            const due = started + (index * 1000) / options.rps;
            // real wait: paces arrivals at the soak's fixed rate (test:long)
            if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
            if (Date.now() >= deadline) break;
          }
          const outcome = await send(url, key, nextItem(), 30_000);
          current.push(outcome);
          allTimes.push(outcome.ms);
          if (outcome.status !== 200 || outcome.error) {
            errors++;
            if (failures.length < 10) failures.push(outcome);
          }
        }
      }),
    );
  } finally {
    clearInterval(ticker);
  }
  if (current.length > 0) closeInterval();
  allTimes.sort((a, b) => a - b);
  return {
    intervals,
    requests: allTimes.length,
    errors,
    failures,
    p50: percentile(allTimes, 50),
    p99: percentile(allTimes, 99),
    rssStartBytes,
  };
}
