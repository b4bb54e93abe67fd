import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { demoSerp } from '../../src/adapters/demo/serp-model.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import { createPrivateRedis, hasRedisServerBinary, type PrivateRedis } from '../fakes/redis-server.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('[skipped] serp on two apps and one Redis: install redis-server to run it');

/** Whether the app's cache is on Redis (its /readyz says so once the connection is up). */
async function cacheOnRedis(app: { fetch: (r: Request) => Promise<Response> }): Promise<boolean> {
  const ready = (await (await app.fetch(new Request('http://localhost/readyz'))).json()) as { checks?: { cache?: { detail?: string } } };
  return ready.checks?.cache?.detail === 'redis';
}

/*
 * Issue 28: search calls ÷ distinct pages = 1.00 across processes too. Two app instances share one Redis (cache
 * and coalescing lock) and one web-search fake; identical serp requests split over both make one search.
 */
describe.skipIf(!canRun)('serp: two app instances on one Redis', () => {
  let redis: PrivateRedis;
  let fake: FakeSearch;
  beforeAll(async () => {
    redis = await createPrivateRedis();
    await redis.start();
    // Slow enough for the requests of both apps to overlap the one search.
    fake = await startFakeSearch({ model: demoSerp, syncLatencyMs: 150 });
  });
  afterAll(async () => {
    await fake?.close();
    redis?.kill();
  });

  it('20 concurrent identical requests over both apps make one search; the other app then hits', async () => {
    const webSearch = () => ({ sync: createSyncWebSearch({ baseUrl: fake.url, apiKey: 'k', folderId: 'f', timeoutMs: 5_000 }) });
    const env = { REDIS_URL: redis.url, SEARCH_CACHE_TTL: '60s', CACHE_STALE_TTL: '60s' };
    const source = createFakeSource({ latencyMs: 0 });
    const [a, b] = [createTestApp({ source, webSearch: webSearch() }, env), createTestApp({ source, webSearch: webSearch() }, env)];
    const phrase = `купить окна ${randomUUID().slice(0, 8)}`;
    try {
      await vi.waitFor(async () => expect(await cacheOnRedis(a)).toBe(true), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => expect(await cacheOnRedis(b)).toBe(true), { timeout: 10_000, interval: 20 });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, '/v2/stats/serp', { phrase })));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((r) => JSON.stringify(r.json))).size).toBe(1);
      expect(fake.calls.search).toBe(1);
      expect((await post(a, '/v2/stats/serp', { phrase })).headers.get('x-cache')).toBe('HIT');
      expect((await post(b, '/v2/stats/serp', { phrase })).headers.get('x-cache')).toBe('HIT');
      expect(fake.calls.search).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
