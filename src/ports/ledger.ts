import type { CallStatus } from '../domain/call-status.js';

/** One billed call. */
export interface UsageRow {
  at: Date;
  keyId: string;
  /** REST route (e.g. `v2.top`) or GraphQL root fields (e.g. `graphql.top`). */
  operation: string;
  cacheStatus: CallStatus;
  /** HTTP status the client got. */
  status: number;
  price: number;
}

/** The billing ledger. `record` never blocks the request and never throws. */
export interface Ledger {
  record(row: UsageRow): void;
  /** Writes everything buffered; resolves when stored (or when the store gave up for now). */
  flush(): Promise<void>;
  close(): Promise<void>;
}
