import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from '../../ports/clock.js';

export interface KeyLookupCacheOptions {
  /**
   * How long an issued key's answer is reused without asking the store. Revocations arrive as notifications well
   * before this; the bound is for what no notification covers: a revocation written to the database by hand, or a
   * subscription that died without anyone noticing. 10 s keeps that window short while costing one store query
   * per key per 10 s per process, i.e. nothing next to one per request.
   */
  positiveTtlMs?: number;
  /** How long a key the store did not know stays refused without asking again. */
  negativeTtlMs?: number;
  /**
   * Most remembered digests of each kind; the oldest are forgotten first. Known and unknown keys are bounded
   * separately, so a flood of bad keys cannot push the good ones out.
   */
  maxEntries?: number;
  clock?: Clock;
}

/** What was learnt about one key digest (a SHA-256 hex of a presented key, never the key). */
export interface KeyLookupCache<P extends { keyId: string }> {
  /** The remembered principal, `null` when remembered as unknown, `undefined` when not remembered (or expired). */
  get(digest: string): P | null | undefined;
  rememberKnown(digest: string, principal: P): void;
  rememberUnknown(digest: string): void;
  /** Forgets the issued key with this id (it was revoked). */
  forgetKey(keyId: string): void;
  /** Forgets every unknown digest (a key was issued: one of them may be it now). */
  forgetUnknown(): void;
  /** Forgets everything (changes may have been missed). */
  clear(): void;
}

/** A bounded in-process cache of key lookups, positive and negative, keyed by digest. */
export function createKeyLookupCache<P extends { keyId: string }>(options: KeyLookupCacheOptions = {}): KeyLookupCache<P> {
  const clock = options.clock ?? systemClock;
  const maxEntries = options.maxEntries ?? 10_000;
  const known = createExpiringMap<P>(options.positiveTtlMs ?? 10_000, maxEntries, clock);
  const unknown = createExpiringMap<true>(options.negativeTtlMs ?? 5_000, maxEntries, clock);
  return {
    get(digest) {
      const principal = known.get(digest);
      if (principal !== undefined) return principal;
      return unknown.get(digest) ? null : undefined;
    },
    rememberKnown(digest, principal) {
      unknown.delete(digest);
      known.set(digest, principal);
    },
    rememberUnknown(digest) {
      known.delete(digest);
      unknown.set(digest, true);
    },
    forgetKey(keyId) {
      known.deleteWhere((principal) => principal.keyId === keyId);
    },
    forgetUnknown: () => unknown.clear(),
    clear() {
      known.clear();
      unknown.clear();
    },
  };
}

/**
 * A bounded map whose entries expire after `ttlMs` and whose oldest entries go first beyond `maxEntries`.
 * `lru-cache` keeps the bound; reads `peek`, so order is age (setting again moves an entry to the end) as
 * before. Expiry stays on our `clock` (lru-cache's own TTL reads the real time, which tests cannot move).
 */
function createExpiringMap<V extends {}>(ttlMs: number, maxEntries: number, clock: Clock) {
  const entries = new LRUCache<string, { value: V; expiresAt: number }>({ max: maxEntries });
  return {
    get(key: string): V | undefined {
      const entry = entries.peek(key);
      if (!entry) return undefined;
      if (clock.now() < entry.expiresAt) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V) {
      entries.set(key, { value, expiresAt: clock.now() + ttlMs });
    },
    delete: (key: string) => entries.delete(key),
    deleteWhere(match: (value: V) => boolean) {
      // A scan: revocations are rare and the map is bounded, so an index by key id would not pay for itself.
      const doomed: string[] = [];
      for (const [key, entry] of entries.entries()) if (match(entry.value)) doomed.push(key);
      for (const key of doomed) entries.delete(key);
    },
    clear: () => entries.clear(),
  };
}
