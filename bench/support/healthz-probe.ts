/** What a service showed while some work ran: /healthz latencies (probed every 10 ms) and its peak RSS growth. */
export interface ProbedRun<T> {
  result: T;
  wallMs: number;
  /** /healthz latencies, sorted. */
  latencies: number[];
  p99: number;
  rssGrowth: number;
}

/**
 * Runs `work` while probing `${url}/healthz` every 10 ms from this process and sampling `rss()` every 20 ms: how
 * long the service kept other requests waiting while it did the work, and how much memory the work took.
 */
export async function probeWhile<T>(url: string, rss: () => number | undefined, work: () => Promise<T>): Promise<ProbedRun<T>> {
  const rssBefore = rss() ?? 0;
  let peak = rssBefore;
  const latencies: number[] = [];
  let running = true;
  const sampler = setInterval(() => (peak = Math.max(peak, rss() ?? 0)), 20);
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${url}/healthz`).then((r) => r.text());
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    await prober;
    clearInterval(sampler);
  }
  const wallMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { result, wallMs, latencies, p99, rssGrowth: peak - rssBefore };
}
