import type { Cache, CacheEntry } from '../../ports/cache.js';
import { type Clock, systemClock } from '../../ports/clock.js';
import { type Logger, silentLogger } from '../../ports/logger.js';
import { type CacheWithStats, createCacheCounters } from './cache-stats.js';
import { createThrottledWarn } from './throttled-log.js';

export interface MemoryCacheOptions {
  /** At most this many entries; the least recently used go first. */
  maxEntries: number;
  /** At most about this many bytes, estimated as the UTF-8 length of key plus JSON value. */
  maxBytes: number;
  logger?: Logger;
  /** Source of `storedAt` and of expiry (the gateway judges freshness with the same clock). */
  clock?: Clock;
}

export type MemoryCache = Cache & CacheWithStats;

interface Slot {
  entry: CacheEntry<unknown>;
  expiresAt: number;
  bytes: number;
}

/**
 * An in-process LRU cache bounded by entry count and by estimated bytes, so a long run cannot exhaust memory.
 *
 * A direct LRU over a Map (insertion order = recency) rather than Keyv over a Map-like store: a hit is one Map
 * lookup and re-insert, with no serialisation and no Keyv envelope, hooks or stats on the hot path. The value is
 * serialised once, on `set`, only to estimate its size. Stored values are deep-frozen: a hit hands out the
 * stored object itself, so a caller mutating it would corrupt later answers — freezing makes that a loud error.
 */
export function createMemoryCache(options: MemoryCacheOptions): MemoryCache {
  const { maxEntries, maxBytes } = options;
  const clock = options.clock ?? systemClock;
  const warn = createThrottledWarn((options.logger ?? silentLogger).child({ component: 'memory-cache' }));
  const slots = new Map<string, Slot>();
  const { counters, snapshot } = createCacheCounters();
  let totalBytes = 0;

  const remove = (key: string, slot: Slot): void => {
    slots.delete(key);
    totalBytes -= slot.bytes;
  };

  const evict = (): void => {
    for (const [key, slot] of slots) {
      if (slots.size <= maxEntries && totalBytes <= maxBytes) return;
      remove(key, slot);
    }
  };

  return {
    async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
      const slot = slots.get(key);
      if (slot === undefined || clock.now() >= slot.expiresAt) {
        if (slot) remove(key, slot);
        counters.misses++;
        return undefined;
      }
      // Re-insert to mark as most recently used.
      slots.delete(key);
      slots.set(key, slot);
      counters.hits++;
      return slot.entry as CacheEntry<T>;
    },
    async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
      if (!(ttlMs > 0)) return;
      let json: string | undefined;
      try {
        json = JSON.stringify(value);
      } catch (error) {
        counters.errors++;
        warn(error, 'cache value is not serialisable; not stored');
        return;
      }
      const bytes = Buffer.byteLength(key) + Buffer.byteLength(json ?? '');
      const previous = slots.get(key);
      if (previous) remove(key, previous);
      // An entry larger than the whole budget would evict everything and still not fit.
      if (bytes > maxBytes) return;
      const now = clock.now();
      const entry = deepFreeze({ value, storedAt: now });
      slots.set(key, { entry, expiresAt: now + ttlMs, bytes });
      totalBytes += bytes;
      counters.sets++;
      evict();
    },
    async close() {
      slots.clear();
      totalBytes = 0;
    },
    stats: snapshot,
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
