import type { Cache } from '../ports/cache.js';

/**
 * A count of the answers this process has stored in its cache: it moves whenever a source answer (or a competition
 * page) is fetched and stored. Whatever was built from cached answers while it stood still is still built from the
 * answers the cache holds now; after it moved, it may not be (rest/hit-memo.ts keeps finished answers by it).
 */
export interface DataVersion {
  current(): number;
}

/** The cache, counting its stores in `version`'s number. Reads pass through untouched. */
export function countingStores(cache: Cache): { cache: Cache; version: DataVersion } {
  let stores = 0;
  return {
    cache: {
      get: <T>(key: string) => cache.get<T>(key),
      set(key, value, ttlMs) {
        stores++;
        // Counted again when the store lands: a request that read between the two may have read the old entry.
        return cache.set(key, value, ttlMs).finally(() => {
          stores++;
        });
      },
      close: () => cache.close(),
    },
    version: { current: () => stores },
  };
}
