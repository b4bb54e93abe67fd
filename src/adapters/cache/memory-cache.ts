import { LRUCache } from 'lru-cache';
import type { Cache, CacheEntry } from '../../ports/cache.js';
import { type Clock, systemClock } from '../../ports/clock.js';
import { type Logger, silentLogger } from '../../ports/logger.js';
import { type CacheWithStats, createCacheCounters } from './cache-stats.js';
import { createHotValues } from './hot-values.js';
import { createThrottledWarn } from './throttled-log.js';

export interface MemoryCacheOptions {
  /** At most this many entries; the least recently used go first. */
  maxEntries: number;
  /** At most this many bytes of memory held by entries: the stored UTF-8 JSON, key and bookkeeping. */
  maxBytes: number;
  logger?: Logger;
  /** Source of `storedAt` and of expiry (the gateway judges freshness with the same clock). */
  clock?: Clock;
  /**
   * Share of `maxBytes` that may hold parsed values of recently hit small entries (hot-values.ts), so a hit
   * skips JSON.parse. Counted inside `maxBytes`. Default 1/32 (8 MiB of the default 256 MiB: the hot working set
   * of a hit path is small, and a larger share only lets the heap grow); 0 parses every hit.
   */
  hotShare?: number;
  /** Largest entry (bytes of JSON) kept parsed. Default 64 KiB. */
  hotMaxEntryBytes?: number;
}

export type MemoryCache = Cache & CacheWithStats;

interface Slot {
  /** The value as UTF-8 JSON, off the V8 heap (see below). */
  bytesOfJson: Buffer;
  storedAt: number;
  expiresAt: number;
  bytes: number;
}

/** Map entry, slot and Buffer objects, the buffer's backing-store record: what an entry costs besides its bytes. */
const ENTRY_OVERHEAD_BYTES = 320;

/**
 * An in-process LRU cache bounded by entry count and by bytes, so a long run cannot exhaust memory.
 *
 * Values are kept as UTF-8 JSON in buffers of their own, so the byte bound holds for real memory. Kept as objects, an answer of 2,000 phrases costs several times its JSON length; kept as a heap
 * string it costs its length, but V8 lets garbage grow in proportion to the live heap before it collects, so
 * a large cache on the heap still multiplies RSS (RSS grew by about 2.3 GB under a 256 MiB bound). Off the
 * heap, an entry costs its bytes and a few hundred more.
 *
 * Parsing a hit costs tens of microseconds for a usual answer, the largest single cost of a cache hit; so the
 * most recently hit small entries are also kept parsed (hot-values.ts), in a share of the same byte budget.
 * Every hit's value is read-only: a kept one is deeply frozen and shared by every hit, so no caller can
 * corrupt a later hit, and callers may memoize what they derive from a value by its identity.
 *
 * A direct LRU (`lru-cache`, bounded by entries and by bytes) rather than Keyv over a Map-like store: a hit is one
 * lookup and (unless kept parsed) a parse, with no Keyv envelope, hooks or stats on the hot path. lru-cache's
 * get was 2.2× faster than the Map re-insert this used before (bench/lru.bench.ts). Expiry stays ours, on the
 * injected clock that the gateway also judges freshness by.
 */
export function createMemoryCache(options: MemoryCacheOptions): MemoryCache {
  const { maxEntries, maxBytes } = options;
  const clock = options.clock ?? systemClock;
  const warn = createThrottledWarn((options.logger ?? silentLogger).child({ component: 'memory-cache' }));
  const hot = createHotValues({
    maxBytes: Math.floor(maxBytes * (options.hotShare ?? 1 / 32)),
    maxEntryBytes: options.hotMaxEntryBytes ?? 64 * 1024,
  });
  const { counters, snapshot } = createCacheCounters();
  // Whatever removes a slot (eviction, replacement, expiry, close) drops its parsed value with it.
  const slots = new LRUCache<string, Slot>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (slot) => slot.bytes,
    dispose: (_slot, key) => hot.drop(key),
  });

  // The parsed values count against the same bound as the buffers they were parsed from; lru-cache bounds
  // the buffers alone, so the least recently used go until both fit.
  const evict = (): void => {
    while (slots.size > 0 && slots.calculatedSize + hot.bytes() > maxBytes) slots.pop();
  };

  return {
    async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
      // get marks the slot most recently used.
      const slot = slots.get(key);
      if (slot === undefined || clock.now() >= slot.expiresAt) {
        if (slot) slots.delete(key);
        counters.misses++;
        return undefined;
      }
      counters.hits++;
      const heldBefore = hot.bytes();
      const value = hot.valueOf(key, slot.bytesOfJson) as T;
      if (hot.bytes() > heldBefore) evict();
      return { value, storedAt: slot.storedAt };
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
      if (json === undefined) return; // undefined, a function: nothing a hit could give back
      const size = Buffer.byteLength(json, 'utf8');
      const bytes = size + Buffer.byteLength(key, 'utf8') + ENTRY_OVERHEAD_BYTES;
      slots.delete(key);
      // An entry larger than the whole budget would evict everything and still not fit.
      if (bytes > maxBytes) return;
      const now = clock.now();
      // A buffer of its own, not a slice of Node's shared pool: a kept slice would pin a whole 8 KiB slab.
      const bytesOfJson = Buffer.allocUnsafeSlow(size);
      bytesOfJson.write(json, 'utf8');
      slots.set(key, { bytesOfJson, storedAt: now, expiresAt: now + ttlMs, bytes });
      counters.sets++;
      evict();
    },
    async close() {
      slots.clear();
      hot.clear();
    },
    stats: snapshot,
  };
}
