import type { Config } from '../config/config.js';
import { createMemoryCache } from '../adapters/cache/memory-cache.js';
import { createRedisCache } from '../adapters/cache/redis-cache.js';
import { createRedisLock } from '../adapters/cache/redis-lock.js';
import type { Cache } from '../ports/cache.js';
import type { CallLock } from '../ports/call-lock.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';

/** Redis (shared cache plus coalescing lock) when REDIS_URL is set, else the bounded in-process cache. */
export function createCacheSetup(config: Config, deps: { logger: Logger; clock: Clock }): { cache: Cache; lock?: CallLock } {
  if (config.REDIS_URL) {
    return {
      cache: createRedisCache({ url: config.REDIS_URL, namespace: 'sds', logger: deps.logger, clock: deps.clock }),
      lock: createRedisLock({ url: config.REDIS_URL, namespace: 'sds', logger: deps.logger }),
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
