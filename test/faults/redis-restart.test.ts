import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import type { App } from '../../src/app.js';
import { createPrivateRedis, hasRedisServerBinary, type PrivateRedis } from '../fakes/redis-server.js';
import { createTestApp, post } from '../support/app.js';
import { steadyLoad, watchUnhandledRejections } from './load.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('[skipped] Redis killed under load: no redis-server binary on PATH');

/**
 * The shared cache (and the coalescing lock) on a private redis-server that is SIGKILLed in the middle of a
 * steady load and started again: an outage is a cache miss, so no client request may fail; once Redis is back,
 * answers are cached (and served as hits) again.
 */
describe.skipIf(!canRun)('Redis killed and restarted under load (private redis-server)', () => {
  let redis: PrivateRedis;
  let app: App;
  let unhandled: () => unknown[];

  beforeAll(async () => {
    unhandled = watchUnhandledRejections();
    redis = await createPrivateRedis();
    await redis.start();
    app = createTestApp({ source: createDemoSource(loadRegionCatalog()) }, { REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await app?.close();
    await redis?.kill();
    expect(unhandled()).toEqual([]);
  });

  it('serves every request while Redis dies and comes back, then caches in Redis again', async () => {
    // Before: a repeat is a hit (once the connection is up), so the cache really is Redis and reachable.
    const phrase = { phrase: 'велосипед до отказа' };
    await expect.poll(async () => (await post(app, '/v2/stats/top', phrase)).headers.get('x-cache'), { timeout: 5_000 }).toBe('HIT');

    let killedAt = 0;
    let restartedAt = 0;
    const results = await steadyLoad(app, {
      workers: 16,
      durationMs: 6_000,
      tag: 'redis',
      events: [
        { atMs: 1_500, run: async () => { await redis.kill(); killedAt = Date.now(); } },
        { atMs: 3_500, run: async () => { await redis.start(); restartedAt = Date.now(); } },
      ],
    });
    expect(killedAt).toBeGreaterThan(0);
    expect(restartedAt).toBeGreaterThan(killedAt);
    const failed = results.filter((r) => r.failure);
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
    expect(results.length).toBeGreaterThan(100);

    // After: the restarted Redis is empty; a new answer is stored there and read back as a hit.
    const after = { phrase: 'велосипед после рестарта' };
    expect((await post(app, '/v2/stats/top', after)).headers.get('x-cache')).toBe('MISS');
    await expect.poll(async () => (await post(app, '/v2/stats/top', after)).headers.get('x-cache'), { timeout: 5_000 }).toBe('HIT');
  }, 30_000);
});
