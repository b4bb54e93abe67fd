import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurationHistogram } from '../../src/observability/request-duration-histogram.js';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

describe('the request latency histogram', () => {
  it("writes exactly prom-client's own Histogram text for the same samples", async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const reference = new Histogram({ name: 'sds_x_seconds', help: 'latency', labelNames: ['method', 'route'] as const, buckets: BUCKETS, registers: [theirs] });
    const histogram = new RequestDurationHistogram('sds_x_seconds', 'latency', BUCKETS).registerIn(ours);
    // Values on the bounds, between them, past the last one and zero, over a few series, in a seeded order.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const routes = [['POST', '/v1/keywords/search_volume'], ['GET', '/healthz'], ['POST', 'unmatched']] as const;
    for (let i = 0; i < 2000; i++) {
      const [method, route] = routes[Math.floor(next() * routes.length)]!;
      const value = i % 10 === 0 ? BUCKETS[i % BUCKETS.length]! : i % 17 === 0 ? 25 + next() : i % 23 === 0 ? 0 : next() ** 4 * 3;
      reference.observe({ method, route }, value);
      histogram.observe(method, route, value);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('sds_x_seconds_bucket{le="+Inf",method="GET",route="/healthz"}');
    histogram.reset();
    reference.reset();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
