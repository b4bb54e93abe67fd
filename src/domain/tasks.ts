import type { ErrorCode } from './errors.js';

/** A task's life: queued → running → done | failed, or cancelled from queued or running. */
export type TaskStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** An operation posted as a task: its name in the operation registry (src/operations). */
export type TaskOperation = string;

/** Statuses after which a task makes no more calls. */
export const FINISHED: ReadonlySet<TaskStatus> = new Set(['done', 'failed', 'cancelled']);

/** One task as stored. `request` is the live route's validated body; `result` the service's output. */
export interface TaskRecord {
  id: string;
  keyId: string;
  operation: TaskOperation;
  status: TaskStatus;
  tag: string | null;
  request: Record<string, unknown>;
  postbackUrl: string | null;
  pingbackUrl: string | null;
  postedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Distinct source calls the task needs, and how many are answered (from cache or upstream). */
  callsTotal: number;
  callsDone: number;
  /**
   * The service's output. A list result (a search_volume task's keywords) is kept row by row and read by pages
   * (TaskStore.resultPage): it is here only when asked for whole (the postback); other results are one object.
   */
  result: unknown;
  /** Rows of a list result (null: no result yet, or one that is not a list). */
  resultRows: number | null;
  /** 5-digit status of a failed task (50000 for a keyword the source rejected), and its message. */
  /** Why a failed task failed, as the taxonomy's code; each face presents it (/v1: its 5-digit number). */
  errorCode: ErrorCode | null;
  errorMessage: string | null;
  /** Billed price, set when it ends (null before). */
  cost: number | null;
  /** True once task_get has handed out the finished task (it then leaves tasks_ready). */
  collected: boolean;
  /** True once an answer of this task cost an upstream call (the task is then billed the call price). */
  spent: boolean;
}

/** What a post stores. */
export type NewTask = Pick<TaskRecord, 'id' | 'keyId' | 'operation' | 'tag' | 'request' | 'postbackUrl' | 'pingbackUrl' | 'postedAt'> & {
  /** Calls it needs from the source, planned at post (0 when unknown: the run plans it then). */
  callsTotal?: number;
};

/** How a task ended, as the runner reports it. */
export interface TaskOutcome {
  status: 'done' | 'failed';
  result?: unknown;
  errorCode?: ErrorCode;
  errorMessage?: string;
  cost: number;
  finishedAt: Date;
}

/** Counts for /metrics and the quota views. */
export interface TaskCounts {
  queued: number;
  running: number;
  /** Source calls not yet answered, over queued and running tasks. */
  keywordsWaiting: number;
  /** Keys with queued or running tasks (the round-robin shares the budget between them). */
  keysWithWork: number;
}

/** A page of a key's tasks, newest first (GraphQL `tasks`). */
export interface TaskPage {
  tasks: TaskRecord[];
  hasNextPage: boolean;
}

/** A slice of a task's result list, and how many rows the whole list holds. */
export interface ResultPage {
  rows: unknown[];
  total: number;
}
