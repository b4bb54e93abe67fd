import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisCache } from '../../src/adapters/cache/redis-cache.js';
import { createRedisLock } from '../../src/adapters/cache/redis-lock.js';
import { createPrivateRedis, hasRedisServerBinary, type PrivateRedis } from '../fakes/redis-server.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('[skipped] Redis outage: no redis-server binary on PATH');

/** Times one operation. */
async function timed<T>(op: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await op();
  return { result, ms: performance.now() - started };
}

describe.skipIf(!canRun)('Redis cache during an outage (private redis-server)', () => {
  let redis: PrivateRedis;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    redis = await createPrivateRedis();
    await redis.start();
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    redis.resume();
    await redis.kill();
  });

  it('turns a dead server into quick misses and recovers when it returns', async () => {
    const cache = createRedisCache({ url: redis.url, namespace: 'outage', timeoutMs: 250 });
    const lock = createRedisLock({ url: redis.url, namespace: 'outage', timeoutMs: 250 });
    expect(await cache.whenReady(5_000)).toBe(true);
    expect(await lock.whenReady(5_000)).toBe(true);
    await cache.set('k', 'before', 60_000);
    expect((await cache.get('k'))?.value).toBe('before');

    await redis.kill();
    for (let i = 0; i < 10; i++) {
      const read = await timed(() => cache.get('k'));
      expect(read.result).toBeUndefined();
      expect(read.ms).toBeLessThan(500);
      const write = await timed(() => cache.set('k2', i, 60_000));
      expect(write.ms).toBeLessThan(500);
      expect(await lock.acquire('k', 1_000)).toBe('unavailable');
    }
    const during = cache.stats();
    expect(during.errors).toBeGreaterThanOrEqual(20);
    expect(during.sets).toBe(1);

    await redis.start();
    expect(await cache.whenReady(5_000)).toBe(true);
    expect(await lock.whenReady(5_000)).toBe(true);
    await cache.set('k', 'after', 60_000);
    expect((await cache.get('k'))?.value).toBe('after');
    expect(await lock.acquire('k', 1_000)).toBe('acquired');
    await lock.release('k');

    await Promise.all([cache.close(), lock.close()]);
    // real wait: closed sockets report errors on I/O events after close
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });

  it('bounds every operation against a frozen server, then works again when it thaws', async () => {
    const cache = createRedisCache({ url: redis.url, namespace: 'frozen', timeoutMs: 250 });
    expect(await cache.whenReady(5_000)).toBe(true);
    await cache.set('k', 'v', 60_000);

    redis.pause();
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => timed(() => cache.get('k'))));
      for (const { result, ms } of results) {
        expect(result).toBeUndefined();
        expect(ms).toBeGreaterThanOrEqual(200);
        expect(ms).toBeLessThan(700);
      }
      expect(cache.stats().errors).toBe(20);
    } finally {
      redis.resume();
    }

    // The connection survived the pause: no reconnect needed, the next read is a hit.
    expect((await cache.get('k'))?.value).toBe('v');
    await cache.close();
    expect(unhandled).toEqual([]);
  });

  it('starts without a server (misses), and connects once it appears', async () => {
    await redis.kill();
    const cache = createRedisCache({ url: redis.url, namespace: 'late', timeoutMs: 250 });
    const lock = createRedisLock({ url: redis.url, namespace: 'late', timeoutMs: 250 });
    const read = await timed(() => cache.get('k'));
    expect(read.result).toBeUndefined();
    expect(read.ms).toBeLessThan(500);
    expect(await lock.acquire('k', 1_000)).toBe('unavailable');

    await redis.start();
    expect(await cache.whenReady(5_000)).toBe(true);
    await cache.set('k', 'v', 60_000);
    expect((await cache.get('k'))?.value).toBe('v');
    await Promise.all([cache.close(), lock.close()]);
    expect(unhandled).toEqual([]);
  });
});
