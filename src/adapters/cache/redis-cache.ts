import KeyvRedis from '@keyv/redis';
import { Keyv } from 'keyv';
import type { Cache, CacheEntry } from '../../ports/cache.js';
import { type Clock, systemClock } from '../../ports/clock.js';
import { type Logger, silentLogger } from '../../ports/logger.js';
import { type CacheWithStats, createCacheCounters } from './cache-stats.js';
import { createRedisConnection, withTimeout } from './redis-connection.js';
import type { HealthReporter } from '../../ports/health.js';
import { createThrottledWarn } from './throttled-log.js';

/** Bump when the stored envelope changes shape: old entries are then simply not found. */
const FORMAT_VERSION = 'v1';

export interface RedisCacheOptions {
  url: string;
  /** Key prefix shared by every process of one deployment, e.g. `sds`; keys become `sds:v1:<key>`. */
  namespace: string;
  logger?: Logger;
  /** Budget of one Redis operation; past it the operation counts as a miss. */
  timeoutMs?: number;
  /** Source of `storedAt` (the gateway judges freshness with the same clock). */
  clock?: Clock;
}

export interface RedisCache extends Cache, CacheWithStats, HealthReporter {
  /** Resolves true once Redis is reachable, false after `timeoutMs` (start-up checks, tests). */
  whenReady(timeoutMs: number): Promise<boolean>;
}

/**
 * The shared cache over Keyv and @keyv/redis. Entries expire in Redis after their TTL (PX). An outage, a slow
 * server or a failing command is a miss (or a skipped write), a throttled log line and an `errors` count —
 * never a thrown error.
 */
export function createRedisCache(options: RedisCacheOptions): RedisCache {
  const logger = (options.logger ?? silentLogger).child({ component: 'redis-cache' });
  const warn = createThrottledWarn(logger);
  const timeoutMs = options.timeoutMs ?? 250;
  const clock = options.clock ?? systemClock;
  const connection = createRedisConnection({ url: options.url, logger, role: 'cache' });
  const prefix = `${options.namespace}:${FORMAT_VERSION}`;
  // Errors must reach us as rejections (to count and log them), not be swallowed into `undefined` by Keyv.
  const store = new KeyvRedis(connection.client, {
    namespace: prefix,
    keyPrefixSeparator: ':',
    throwOnConnectError: false,
    throwOnErrors: true,
  });
  const keyv = new Keyv<CacheEntry<unknown>>({
    store,
    namespace: prefix,
    useKeyPrefix: false,
    throwOnErrors: true,
    // Source results are plain JSON; Keyv's default serializer walks values for Buffers and BigInts and is
    // several times slower on large entries.
    serialize: JSON.stringify,
    deserialize: (text: string) => JSON.parse(text) as never,
  });
  // Keyv re-emits store errors; the rejection path logs them, this listener only keeps the emitter quiet.
  keyv.on('error', () => {});
  const { counters, snapshot } = createCacheCounters();
  let closed = false;

  const failed = (error: unknown, op: string): void => {
    counters.errors++;
    warn(error, 'cache operation failed; treated as a miss', { op });
  };

  return {
    async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
      if (closed) return undefined;
      try {
        const entry = await withTimeout(keyv.get(key), timeoutMs, 'redis get');
        if (entry && typeof entry.storedAt === 'number') {
          counters.hits++;
          return entry as CacheEntry<T>;
        }
      } catch (error) {
        failed(error, 'get');
      }
      counters.misses++;
      return undefined;
    },
    async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
      // Keyv reads a TTL of 0 as "forever"; a non-positive or unbounded TTL means there is nothing to keep.
      if (closed || !(ttlMs > 0) || !Number.isFinite(ttlMs)) return;
      try {
        const entry: CacheEntry<T> = { value, storedAt: clock.now() };
        await withTimeout(keyv.set(key, entry, Math.ceil(ttlMs)), timeoutMs, 'redis set');
        counters.sets++;
      } catch (error) {
        failed(error, 'set');
      }
    },
    async close() {
      closed = true;
      connection.close();
    },
    stats: snapshot,
    whenReady: (ms) => connection.whenReady(ms),
    // /readyz: a Redis outage leaves the service serving (misses), so it reports degraded, not down.
    checkHealth: async () =>
      connection.isReady() ? { status: 'ok', detail: 'redis' } : { status: 'degraded', detail: 'redis unreachable: every lookup is a miss' },
  };
}
