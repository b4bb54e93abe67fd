import type { Config } from '../config/config.js';
import { createMemoryCache } from '../adapters/cache/memory-cache.js';
import type { RedisCache } from '../adapters/cache/redis-cache.js';
import type { RedisLock } from '../adapters/cache/redis-lock.js';
import type { Cache, CacheEntry } from '../ports/cache.js';
import type { CallLock } from '../ports/call-lock.js';
import type { Clock } from '../ports/clock.js';
import type { DependencyHealth } from '../ports/health.js';
import type { Logger } from '../ports/logger.js';

/** Redis (shared cache plus coalescing lock) when REDIS_URL is set, else the bounded in-process cache. */
export function createCacheSetup(config: Config, deps: { logger: Logger; clock: Clock }): { cache: Cache; lock?: CallLock } {
  if (config.REDIS_URL) {
    const url = config.REDIS_URL;
    // The Redis client library is imported only here (about 0.1 s of CPU at every start without Redis too,
    // when it was a static import): the cache and the lock stand in until it is loaded, a matter of milliseconds.
    return {
      cache: deferredCache(import('../adapters/cache/redis-cache.js').then((m) => m.createRedisCache({ url, namespace: 'sds', logger: deps.logger, clock: deps.clock }))),
      lock: deferredLock(import('../adapters/cache/redis-lock.js').then((m) => m.createRedisLock({ url, namespace: 'sds', logger: deps.logger }))),
    };
  }
  return {
    cache: createMemoryCache({
      maxEntries: config.CACHE_MAX_ENTRIES,
      maxBytes: config.CACHE_MAX_BYTES,
      logger: deps.logger,
      clock: deps.clock,
    }),
  };
}

/**
 * How long after its module loads a Redis connection counts as still opening: calls meanwhile wait for it (at most
 * CONNECTING_WAIT_MS each) instead of missing, as they did when the connection was opened with the app itself.
 */
const CONNECTING_MS = 1_000;
const CONNECTING_WAIT_MS = 250;

/** Resolves to the part once loaded and, while its connection is still opening, connected (or given up on). */
function whenLoaded<T extends { whenReady(ms: number): Promise<boolean> }>(loading: Promise<T>): () => Promise<T> {
  let openingUntil = Number.POSITIVE_INFINITY;
  const loaded = loading.then((part) => {
    openingUntil = Date.now() + CONNECTING_MS;
    return part;
  });
  loaded.catch(() => {}); // each call rejects with the reason
  return async () => {
    const part = await loaded;
    const left = openingUntil - Date.now();
    if (left > 0) await part.whenReady(Math.min(left, CONNECTING_WAIT_MS));
    return part;
  };
}

/** The Redis cache once its module is loaded; every call waits for that (the counters answer at once). */
function deferredCache(loading: Promise<RedisCache>): RedisCache {
  let loaded: RedisCache | undefined;
  loading.then(
    (cache) => (loaded = cache),
    () => {},
  );
  const ready = whenLoaded(loading);
  return {
    get: async <T>(key: string): Promise<CacheEntry<T> | undefined> => (await ready()).get<T>(key),
    set: async <T>(key: string, value: T, ttlMs: number) => (await ready()).set(key, value, ttlMs),
    close: async () => (await loading).close(),
    stats: () => loaded?.stats() ?? { hits: 0, misses: 0, errors: 0, sets: 0 },
    whenReady: async (ms) => (await loading).whenReady(ms),
    checkHealth: async (): Promise<DependencyHealth> => (await loading).checkHealth(),
  };
}

/** The Redis lock once its module is loaded. */
function deferredLock(loading: Promise<RedisLock>): RedisLock {
  const ready = whenLoaded(loading);
  return {
    acquire: async (key, ttlMs) => (await ready()).acquire(key, ttlMs),
    release: async (key) => (await loading).release(key),
    close: async () => (await loading).close(),
    whenReady: async (ms) => (await loading).whenReady(ms),
  };
}
