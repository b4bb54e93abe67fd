import { afterAll, describe, expect, it } from 'vitest';
import { createRedisCache } from '../../src/adapters/cache/redis-cache.js';
import { createRedisLock } from '../../src/adapters/cache/redis-lock.js';
import { deleteNamespace, keysUnder, redisUrl, ttlOf, uniqueNamespace, warnIfNoRedis } from '../fakes/redis-test-env.js';
import { runCacheContract } from './cache-contract.js';

warnIfNoRedis('Redis cache contract and lock');
const namespaces: string[] = [];

describe.skipIf(!redisUrl)('Redis cache', () => {
  const url = redisUrl!;
  afterAll(async () => {
    await Promise.all(namespaces.map((ns) => deleteNamespace(url, ns)));
  });

  runCacheContract('redis', async (clock) => {
    const namespace = uniqueNamespace('cache');
    namespaces.push(namespace);
    const cache = createRedisCache({ url, namespace, clock });
    expect(await cache.whenReady(5_000)).toBe(true);
    return cache;
  });

  it('writes under `<namespace>:v1:` with the TTL as the Redis expiry', async () => {
    const namespace = uniqueNamespace('layout');
    namespaces.push(namespace);
    const cache = createRedisCache({ url, namespace });
    await cache.whenReady(5_000);
    await cache.set('v1:top|слон', { n: 1 }, 60_000);
    expect(await keysUnder(url, namespace)).toEqual([`${namespace}:v1:v1:top|слон`]);
    const ttl = await ttlOf(url, `${namespace}:v1:v1:top|слон`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await cache.close();
  });

  it('does not see entries of another namespace', async () => {
    const [a, b] = [uniqueNamespace('ns-a'), uniqueNamespace('ns-b')];
    namespaces.push(a, b);
    const cacheA = createRedisCache({ url, namespace: a });
    const cacheB = createRedisCache({ url, namespace: b });
    await Promise.all([cacheA.whenReady(5_000), cacheB.whenReady(5_000)]);
    await cacheA.set('k', 'from a', 60_000);
    expect(await cacheB.get('k')).toBeUndefined();
    expect((await cacheA.get('k'))?.value).toBe('from a');
    await Promise.all([cacheA.close(), cacheB.close()]);
  });
});

describe.skipIf(!redisUrl)('Redis call lock', () => {
  const url = redisUrl!;
  const namespace = uniqueNamespace('lock');
  afterAll(() => deleteNamespace(url, namespace));

  it('lets one holder in, releases only its own token, and lapses by TTL', async () => {
    const first = createRedisLock({ url, namespace });
    const second = createRedisLock({ url, namespace });
    await Promise.all([first.whenReady(5_000), second.whenReady(5_000)]);

    expect(await first.acquire('k', 10_000)).toBe('acquired');
    expect(await second.acquire('k', 10_000)).toBe('busy');
    await second.release('k'); // not the holder: must not free the lock
    expect(await second.acquire('k', 10_000)).toBe('busy');
    await first.release('k');
    expect(await second.acquire('k', 10_000)).toBe('acquired');
    await second.release('k');

    expect(await first.acquire('lapse', 100)).toBe('acquired');
    // real wait: the lock lapses by Redis's own clock
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await second.acquire('lapse', 10_000)).toBe('acquired');
    await first.release('lapse'); // its lock lapsed and is now second's: must stay
    expect(await first.acquire('lapse', 10_000)).toBe('busy');
    await second.release('lapse');
    expect(await keysUnder(url, namespace)).toEqual([]);

    await Promise.all([first.close(), second.close()]);
  });
});
