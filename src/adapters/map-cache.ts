import type { Cache, CacheEntry } from '../ports/cache.js';

/** An unbounded in-process cache for tests and tools; the service uses the bounded memory cache. */
export function createMapCache(): Cache {
  const entries = new Map<string, { entry: CacheEntry<unknown>; expiresAt: number }>();
  return {
    async get<T>(key: string) {
      const found = entries.get(key);
      if (!found) return undefined;
      if (found.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return found.entry as CacheEntry<T>;
    },
    async set(key, value, ttlMs) {
      entries.set(key, { entry: { value, storedAt: Date.now() }, expiresAt: Date.now() + ttlMs });
    },
    async close() {
      entries.clear();
    },
  };
}
