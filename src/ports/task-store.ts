import type { NewTask, ResultPage, TaskCounts, TaskOperation, TaskOutcome, TaskPage, TaskRecord, TaskStatus } from '../domain/tasks.js';

/** Where tasks and the answers they gathered are kept (the ledger's database). */
export interface TaskStore {
  /** Creates the tables when missing (once per process; later calls share the first). */
  migrate(): Promise<void>;
  insert(tasks: readonly NewTask[]): Promise<void>;
  /**
   * A task; a list result (up to 10,000 keywords) is read whole only by default, for the postback's body. The
   * faces pass `withResult: false` and read it by pages (resultPage): `result` is then null for a list (its row
   * count in `resultRows`), a result that is one object stays.
   */
  get(id: string, options?: { withResult?: boolean }): Promise<TaskRecord | undefined>;
  /** Finished (done or failed) tasks of this key and operation not yet collected, oldest first. */
  readyFor(keyId: string, operation: TaskOperation, limit: number): Promise<TaskRecord[]>;
  markCollected(id: string): Promise<void>;
  /** queued → running (or running again after a takeover); false when the task is finished or cancelled. */
  start(id: string, callsTotal: number, at: Date): Promise<boolean>;
  /** `spent`: some answer of this task cost an upstream call (kept across restarts, for the price). */
  progress(id: string, callsDone: number, callsTotal: number, spent: boolean): Promise<void>;
  /** Ends a running task; false (and nothing written) when it was cancelled or already ended meanwhile. */
  finish(id: string, outcome: TaskOutcome): Promise<boolean>;
  /**
   * queued or running → cancelled, its cost left open for settleCancelled; returns the task as it now stands, or
   * undefined when not this key's.
   */
  cancel(keyId: string, id: string, at: Date): Promise<TaskRecord | undefined>;
  /** Cancels every queued or running task of a key (its key was revoked); returns them as they now stand. */
  cancelForKey(keyId: string, at: Date): Promise<TaskRecord[]>;
  /**
   * The job priority of a task's next run: minus the number of its key's queued and running tasks, so the key
   * with the least work in the queue goes first (pg-boss takes higher priorities first).
   */
  fairPriority(taskId: string): Promise<number>;
  /** True when a queued task of another key waits while that key has nothing running (a running slice should yield). */
  anotherKeyStarved(keyId: string): Promise<boolean>;
  /** Sets a cancelled task's cost once; false when it was already set (somebody else billed it). */
  settleCancelled(id: string, cost: number): Promise<boolean>;
  status(id: string): Promise<TaskStatus | undefined>;
  /**
   * A key's tasks newest first, after the task `after` (a cursor: its id). `result` is left null: a page may hold
   * 100 tasks of 10,000 keywords each; read a task's result rows with resultPage.
   */
  list(keyId: string, options: { status?: TaskStatus | undefined; first: number; after?: string | undefined }): Promise<TaskPage>;
  counts(): Promise<TaskCounts>;
  /**
   * Rows `offset` to `offset + limit` of a task's result when it is a list (a search_volume task's keywords),
   * read in the database so a 10,000-keyword result is never loaded whole; undefined when not this key's task
   * or its result is not a list.
   */
  resultPage(keyId: string, id: string, offset: number, limit: number): Promise<ResultPage | undefined>;
  /** Stored source answers among `callKeys` stored since `since` (older ones are not fresh any more). */
  answers(callKeys: readonly string[], since: Date): Promise<Map<string, unknown>>;
  putAnswer(callKey: string, value: unknown, at: Date): Promise<void>;
  /** Removes tasks finished and answers stored before `before`; returns how many tasks went. */
  purge(before: Date): Promise<number>;
}
