/** A task run job as its slice knows it: the retry count tells this run from a later run of the same job id. */
export interface RunJobRef {
  id: string;
  retryCount: number;
}

/** A run job whose lease lapsed, and the task it runs. */
export interface LapsedRun {
  jobId: string;
  taskId: string;
}

/**
 * Leases of task runs (src/adapters/sql/sql-run-leases.ts). A slice renews its job's lease every few seconds while
 * it runs; a run whose lease was not renewed for the lease time belongs to a dead process, and a live process takes
 * its task back. `Tx` is the transaction the takeover hands to `requeue`, so the new job is queued atomically with
 * the old one's cancellation.
 */
export interface RunLeases<Tx = unknown> {
  /** Creates what the leases are kept in (once per process). */
  migrate(): Promise<void>;
  /** Renews a running job's lease; false when the job is not running as this run any more (taken over). */
  renew(job: RunJobRef): Promise<boolean>;
  /** Forgets a job's lease when its slice ends. */
  release(jobId: string): Promise<void>;
  /** Running jobs whose lease lapsed. */
  lapsed(): Promise<LapsedRun[]>;
  /**
   * Cancels a lapsed job and, in the same transaction, queues its task again through `requeue`. False when it is
   * not lapsed any more or another process took it first.
   */
  takeOver(jobId: string, requeue: (tx: Tx) => Promise<void>): Promise<boolean>;
}
