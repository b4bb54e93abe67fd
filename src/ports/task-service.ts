import type { DomainError } from '../domain/errors.js';
import type { ResultPageArgs } from '../domain/requests/task-result-pages.js';
import type { ResultPage, TaskCounts, TaskOperation, TaskPage, TaskRecord, TaskStatus } from '../domain/tasks.js';

// The task service's shape, apart from its making: services' context names it without reaching the operations
// (which reach the services), so a type import does not close a cycle.

/** One posted task: created, or refused with the error naming its field (the others are still created). */
export type PostedTask = { ok: true; task: TaskRecord } | { ok: false; error: DomainError; body: unknown };

/** A task with its ETA worked out from the budget (null once finished). */
export interface TaskView {
  task: TaskRecord;
  eta: Date | null;
  /** Set on a cancel's answer when the task had already ended: nothing was changed (and nothing billed). */
  alreadyEnded?: boolean;
}

/**
 * How the face that posted a task presents its result (the /v3 face's months and order, and that its postback is
 * the format's): kept with the request under `presentation`, where no body can set it (the operations' schemas
 * drop a field they do not know). The run never reads it.
 */
export type TaskPresentation = Readonly<Record<string, unknown>>;

/** Tasks as every face uses them: post, poll, collect, cancel, list. */
export interface TaskService {
  /** `presentations[i]`, when given, is kept with the i-th body's task. */
  post(keyId: string, operation: TaskOperation, bodies: readonly unknown[], presentations?: readonly (TaskPresentation | undefined)[]): Promise<PostedTask[]>;
  /**
   * A task of this key; NOT_FOUND for an unknown id, another key's task, or (with `operation`) a task of another
   * operation, as when a suggestions task is asked for through search_volume's path. A finished task is marked
   * collected. A list result is not read (its rows come by pages: resultPage, resultRows) unless `withResult`.
   */
  get(keyId: string, id: string, options?: { withResult?: boolean; operation?: TaskOperation }): Promise<TaskView>;
  ready(keyId: string, operation: TaskOperation): Promise<TaskRecord[]>;
  cancel(keyId: string, id: string, options?: { operation?: TaskOperation }): Promise<TaskView>;
  /** The operator's cancel: any key's task (NOT_FOUND for an unknown id). */
  cancelAny(id: string): Promise<TaskView>;
  /** Cancels every queued or running task of a revoked key; returns how many. */
  cancelForKey(keyId: string): Promise<number>;
  list(keyId: string, options: { status?: TaskStatus | undefined; first: number; after?: string | undefined }): Promise<TaskPage>;
  counts(): Promise<TaskCounts>;
  /** Checks one task body as post does (tag, notification URLs, the operation's body), creating nothing. */
  check(operation: TaskOperation, body: unknown): Promise<void>;
  /**
   * Rows of a task's result list (a search_volume task's keywords); undefined for an unknown id, another key's task
   * or a result that is not a list. Reads only those rows; does not mark the task collected.
   */
  resultPage(keyId: string, id: string, offset: number, limit: number): Promise<ResultPage | undefined>;
  /**
   * The rows of `page` of a task's list result, read TASK_RESULT_PAGES.readRows at a time as they are consumed
   * (a streamed answer holds one read in memory, not the page). Nothing for an unknown task.
   */
  resultRows(keyId: string, id: string, page: ResultPageArgs): AsyncGenerator<unknown[]>;
}

