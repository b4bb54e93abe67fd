/**
 * How one source call was answered: from a fresh cache entry, from upstream, or from a stale entry standing in
 * for a failing upstream. A domain word, not a service detail: the ledger (a port) stores it per billed call.
 */
export type CallStatus = 'HIT' | 'MISS' | 'STALE';
