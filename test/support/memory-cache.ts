import type { Cache, CacheEntry } from '../../src/ports/cache.js';
import type { Clock } from '../../src/ports/clock.js';

/** A tiny in-memory Cache for tests: entries expire by the given clock; `keys()` shows what was stored. */
export function createTestCache(clock: Clock): Cache & { keys(): string[] } {
  const entries = new Map<string, { entry: CacheEntry<unknown>; expiresAt: number }>();
  return {
    async get<T>(key: string) {
      const found = entries.get(key);
      if (!found || clock.now() >= found.expiresAt) return undefined;
      // A copy, as a real cache would return: callers must not share mutable objects through it.
      return structuredClone(found.entry) as CacheEntry<T>;
    },
    async set<T>(key: string, value: T, ttlMs: number) {
      entries.set(key, { entry: { value: structuredClone(value), storedAt: clock.now() }, expiresAt: clock.now() + ttlMs });
    },
    async close() {},
    keys: () => [...entries.keys()],
  };
}
