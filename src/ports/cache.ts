/** A cached value with the time it was stored; `stale` once past its fresh TTL but within the stale window. */
export interface CacheEntry<T> {
  value: T;
  storedAt: number;
}

/**
 * Cross-request cache at the source-call level. Implementations never throw: an outage is a miss.
 */
export interface Cache {
  /**
   * The entry under `key`, fresh or stale, or undefined. The value is read-only: an implementation may hand
   * every hit the same deeply frozen object (the memory cache does, for recently hit small entries).
   */
  get<T>(key: string): Promise<CacheEntry<T> | undefined>;
  /** Stores `value`; it stays readable for `ttlMs` (fresh and stale window together). */
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  /** Releases connections. */
  close(): Promise<void>;
}
