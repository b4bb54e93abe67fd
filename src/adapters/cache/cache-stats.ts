/** Counters every cache adapter keeps, for metrics (hit ratio, outage visibility). */
export interface CacheStats {
  hits: number;
  misses: number;
  /** Operations that failed (outage, timeout, unserialisable value); each also counted as a miss when a read. */
  errors: number;
  sets: number;
}

/** A Cache port implementation that also reports its counters. */
export interface CacheWithStats {
  /** A snapshot of the counters since creation. */
  stats(): CacheStats;
}

/** Mutable counters behind `stats()`; the snapshot is a copy so callers cannot disturb them. */
export function createCacheCounters(): { counters: CacheStats; snapshot: () => CacheStats } {
  const counters: CacheStats = { hits: 0, misses: 0, errors: 0, sets: 0 };
  return { counters, snapshot: () => ({ ...counters }) };
}
