/** One call the quota counted: its log id (lane and unique part) and when it went. */
export interface LoggedCall {
  id: string;
  at: number;
}

/**
 * Where a process without Redis keeps its hour of calls, so a restart does not forget them (the budget came back
 * whole after a restart). The ledger's database holds it.
 */
export interface QuotaLogPersistence {
  /** The calls counted since `sinceMs` (epoch ms), oldest first. */
  load(sinceMs: number): Promise<LoggedCall[]>;
  /** Records a granted call. Best effort: the call is not held up by it. */
  record(call: LoggedCall): Promise<void>;
  /** Forgets a call that was given back unused. */
  forget(id: string): Promise<void>;
}
