/** The upstream budget as the service counts it (Wordstat has no quota-introspection method). */
export interface QuotaStatus {
  hourly: { limit: number; remaining: number; resetsInSeconds: number };
  perSecond: { limit: number };
}

/** Calls of the current hour window by who made them, and the share live requests keep for themselves. */
export interface QuotaLanes {
  /** Calls per hour tasks never use (LIVE_RESERVE_CALLS). */
  liveReserve: number;
  usedByTasks: number;
  usedByLive: number;
}

/** Whether a live request's calls fit now; when not, which limit and when the whole request would fit. */
export type LivePlan =
  | { ok: true }
  /** `retryAfterSeconds` undefined: the request needs more calls than one hour holds (only a task can run it). */
  | { ok: false; limit: 'hour' | 'second'; retryAfterSeconds: number | undefined };

/**
 * One task call's turn: given when the tasks' share of the hour has room; the upstream call made under it takes
 * its slot when it is sent. Settles once that happened, or once the call turned out to need none.
 */
export interface TaskTicket {
  readonly id: string;
  readonly settled: Promise<void>;
}

/** What the core may ask of the quota scheduler: planning, never spending (the adapter spends per call). */
export interface QuotaGuard {
  /** The current budget. */
  status(): Promise<QuotaStatus>;
  /** True when `n` more upstream calls fit the hour budget now. */
  canAfford(n: number): Promise<boolean>;
  /** Whether `n` calls of a live request can all be granted within the configured wait (the reserve included). */
  planLive(n: number): Promise<LivePlan>;
  /** This hour's calls by lane. */
  lanes(): Promise<QuotaLanes>;
  /**
   * Waits (as long as it takes, or until `signal` aborts) until the tasks' share of the hour, never the live
   * reserve, has room for a call now. Give the ticket to `spendTicket`.
   */
  takeTaskSlot(signal?: AbortSignal): Promise<TaskTicket>;
  /**
   * Runs `fn` as a task call: each of its upstream attempts takes a slot in the tasks' share when sent (waiting
   * if another process took the room meanwhile). The ticket settles at the first attempt, or when `fn` ends.
   */
  spendTicket<T>(ticket: TaskTicket, fn: () => Promise<T>): Promise<T>;
  /** Milliseconds until `n` more task calls could all have started, by the budget's arithmetic (task ETAs). */
  taskCallsWithinMs(n: number): Promise<number>;
}
