import { type Clock, systemClock } from '../../ports/clock.js';

export interface UnknownKeyCacheOptions {
  /** How long a key the store did not know stays refused without asking again. Short: a key issued just after
   * a client tried it works once this passes. */
  ttlMs?: number;
  /** Most remembered digests; the oldest are forgotten first, so a flood of distinct keys cannot grow it. */
  maxEntries?: number;
  clock?: Clock;
}

export interface UnknownKeyCache {
  /** True while `digest` (a SHA-256 hex of a presented key, never the key) is remembered as unknown. */
  has(digest: string): boolean;
  remember(digest: string): void;
}

/**
 * A bounded negative cache of key digests the key store did not know: a client hammering with a bad key costs
 * one store query per TTL instead of one per request. Only misses are cached, so a revoked key (a known key)
 * is still refused on its very next request.
 */
export function createUnknownKeyCache(options: UnknownKeyCacheOptions = {}): UnknownKeyCache {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const clock = options.clock ?? systemClock;
  // Insertion order = age: re-remembering moves a digest to the end.
  const expiries = new Map<string, number>();
  return {
    has(digest) {
      const expiresAt = expiries.get(digest);
      if (expiresAt === undefined) return false;
      if (clock.now() < expiresAt) return true;
      expiries.delete(digest);
      return false;
    },
    remember(digest) {
      expiries.delete(digest);
      expiries.set(digest, clock.now() + ttlMs);
      while (expiries.size > maxEntries) expiries.delete(expiries.keys().next().value!);
    },
  };
}
