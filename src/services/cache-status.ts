import type { CallStatus } from '../domain/call-status.js';

// Re-exported for the services and faces that already import it from here; defined in the domain so the
// ledger port can name it without pointing outward.
export type { CallStatus };

/**
 * Which upstream answered a call: the statistics source (Wordstat, its price) or web search (its own price,
 * billing.ts). A call is the statistics source's unless its recorder says otherwise.
 */
export type CallSource = 'statistics' | 'search';

/** Collects the statuses of every source call one client request made. */
export interface CacheStatusTracker {
  record(status: CallStatus, source?: CallSource): void;
  /**
   * HIT when every call was a fresh hit; STALE when some were stale and none missed; MISS otherwise. With
   * `source`: the same over that source's calls only.
   */
  summary(source?: CallSource): CallStatus;
  /** How many source calls were answered (from cache or upstream); with `source`, that source's only. */
  count(source?: CallSource): number;
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

interface Counts {
  hits: number;
  misses: number;
  stale: number;
}

const newCounts = (): Counts => ({ hits: 0, misses: 0, stale: 0 });

function summaryOf({ hits, misses, stale }: Counts): CallStatus {
  if (misses > 0 || hits + stale === 0) return 'MISS';
  return stale > 0 ? 'STALE' : 'HIT';
}

const total = (c: Counts) => c.hits + c.misses + c.stale;

export function createCacheStatusTracker(): CacheStatusTracker {
  const all = newCounts();
  const bySource: Record<CallSource, Counts> = { statistics: newCounts(), search: newCounts() };
  let freshUntil = Number.POSITIVE_INFINITY;
  return {
    record(status, source = 'statistics') {
      for (const counts of [all, bySource[source]]) {
        if (status === 'HIT') counts.hits++;
        else if (status === 'STALE') counts.stale++;
        else counts.misses++;
      }
    },
    count: (source) => total(source ? bySource[source] : all),
    summary: (source) => summaryOf(source ? bySource[source] : all),
    staleCount: () => all.stale,
    bound(until) {
      if (!(until >= freshUntil)) freshUntil = Number.isNaN(until) ? Number.NEGATIVE_INFINITY : until;
    },
    freshUntil: () => freshUntil,
  };
}
