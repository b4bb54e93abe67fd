import type { IsoDate } from '../domain/types.js';

/** Which ledger rows to aggregate: whole days in the service's time zone, both ends included. */
export interface UsageFilter {
  fromDate: IsoDate;
  toDate: IsoDate;
  /** IANA zone that decides which day a call belongs to (STATS_TIMEZONE). */
  timeZone: string;
  /** One key's rows only; every key when absent (operator view). */
  keyId?: string;
}

/** The ledger rows of one day, key and operation, counted. */
export interface UsageBucket {
  day: IsoDate;
  keyId: string;
  operation: string;
  calls: number;
  /** Calls answered wholly from fresh cache (X-Cache: HIT). */
  hits: number;
  /** Calls answered from cache with some stale entries (billed like hits). */
  stale: number;
  /** Calls that ended in a 4xx/5xx status (they cost 0). */
  errors: number;
  spend: number;
}

/** Read side of the usage ledger. */
export interface UsageReader {
  /** Buckets with at least one call, ordered by day, key, operation. */
  buckets(filter: UsageFilter): Promise<UsageBucket[]>;
}
