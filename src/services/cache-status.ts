import type { CallStatus } from '../domain/call-status.js';

// Re-exported for the services and faces that already import it from here; defined in the domain so the
// ledger port can name it without pointing outward.
export type { CallStatus };

/** Collects the statuses of every source call one client request made. */
export interface CacheStatusTracker {
  record(status: CallStatus): void;
  /** HIT when every call was a fresh hit; STALE when some were stale and none missed; MISS otherwise. */
  summary(): CallStatus;
  /** How many source calls were answered (from cache or upstream). */
  count(): number;
  /** How many calls answered STALE so far (work that caches its own result must not keep one built on them). */
  staleCount(): number;
  /**
   * Notes that the answer depends on a stored input fresh until `freshUntil` (clock ms); -Infinity for an input
   * that is not stored (a failed call, a missing estimate): an answer built on it must not be kept.
   */
  bound(freshUntil: number): void;
  /** The earliest time an input of the answer stops being fresh (Infinity when none was noted). */
  freshUntil(): number;
}

export function createCacheStatusTracker(): CacheStatusTracker {
  let hits = 0;
  let misses = 0;
  let stale = 0;
  let freshUntil = Number.POSITIVE_INFINITY;
  return {
    record(status) {
      if (status === 'HIT') hits++;
      else if (status === 'STALE') stale++;
      else misses++;
    },
    count: () => hits + misses + stale,
    summary() {
      if (misses > 0 || hits + stale === 0) return 'MISS';
      return stale > 0 ? 'STALE' : 'HIT';
    },
    staleCount: () => stale,
    bound(until) {
      if (!(until >= freshUntil)) freshUntil = Number.isNaN(until) ? Number.NEGATIVE_INFINITY : until;
    },
    freshUntil: () => freshUntil,
  };
}
