import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPrivateRedis, hasRedisServerBinary, type PrivateRedis } from '../fakes/redis-server.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('[skipped] two apps on one Redis: install redis-server to run it');

/** Whether the app's cache is on Redis (its /readyz says so once the connection is up). */
async function cacheOnRedis(app: { fetch: (r: Request) => Promise<Response> }): Promise<boolean> {
  const ready = (await (await app.fetch(new Request('http://localhost/readyz'))).json()) as { checks?: { cache?: { detail?: string } } };
  return ready.checks?.cache?.detail === 'redis';
}

// A private redis-server of this run: the app's keys (namespace "sds") cannot be told apart from another run's on
// a shared server, so they go with the server when it is killed, instead of lingering in REDIS_URL's database.
describe.skipIf(!canRun)('two app instances on one Redis', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await createPrivateRedis();
    await redis.start();
  });
  afterAll(() => redis?.kill());

  it('50 concurrent identical requests split over both make one upstream call; the other app then hits', async () => {
    // One upstream shared by both instances, slow enough for the requests to overlap.
    const source = createFakeSource({ latencyMs: 150 });
    const env = { REDIS_URL: redis.url, CACHE_TTL: '60s', CACHE_STALE_TTL: '60s' };
    const [a, b] = [createTestApp({ source }, env), createTestApp({ source }, env)];
    const phrase = `пицца ${randomUUID().slice(0, 8)}`;
    try {
      // Both Redis connections up first: before that a lookup is a (harmless) miss, and each app would call.
      await vi.waitFor(async () => expect(await cacheOnRedis(a)).toBe(true), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => expect(await cacheOnRedis(b)).toBe(true), { timeout: 10_000, interval: 20 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => post(i % 2 ? a : b, '/v2/stats/dynamics', { phrase })),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(new Set(answers.map((r) => JSON.stringify(r.json))).size).toBe(1);
      expect(source.count('dynamics')).toBe(1);
      expect((await post(a, '/v2/stats/dynamics', { phrase })).headers.get('x-cache')).toBe('HIT');
      expect((await post(b, '/v2/stats/dynamics', { phrase })).headers.get('x-cache')).toBe('HIT');
      expect(source.count('dynamics')).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
