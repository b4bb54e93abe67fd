import { randomUUID } from 'node:crypto';
import { DomainError, invalidField, toDomainError } from '../domain/errors.js';
import { z } from 'zod';
import { parseBody, textField } from '../domain/requests/parse.js';
import type { Clock } from '../ports/clock.js';
import type { Ledger } from '../ports/ledger.js';
import type { QuotaGuard } from '../ports/quota.js';
import type { Prices } from '../services/billing.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { billCancelledTask } from './task-billing.js';
import { taskSpecOf, type TaskOperationSpecs } from './task-operations.js';
import { TASK_RESULT_PAGES } from '../domain/requests/task-result-pages.js';
import type { TaskStore } from '../ports/task-store.js';
import { FINISHED, type TaskOperation, type TaskRecord } from '../domain/tasks.js';
import { checkWebhookUrl } from './webhooks/webhook-url.js';
import type { TaskService, TaskView } from '../ports/task-service.js';

/** Most tasks one post may hold. */
export const MAX_TASKS_PER_POST = 100;
/** Longest tag. */
export const MAX_TAG_LENGTH = 255;

export type { PostedTask, TaskService, TaskView } from '../ports/task-service.js';

/** The task service of a request's services, or 503 when this instance keeps no tasks (no database). */
export function requireTasks(services: { tasks?: TaskService | undefined }): TaskService {
  if (!services.tasks) throw new DomainError('SERVICE_UNAVAILABLE', 'tasks need the database (DATABASE_URL or the embedded one)');
  return services.tasks;
}

export interface TaskServiceDeps {
  store: TaskStore;
  clock: Clock;
  quota: QuotaGuard | undefined;
  /**
   * The calls a new task needs from the source (its plan, less what is fresh in the cache): its calls_total from
   * the first task_get on (task-plan.ts).
   */
  planCalls(task: Pick<TaskRecord, 'operation' | 'request' | 'postedAt'>): Promise<number>;
  /** Queues a run of a new task (pg-boss). */
  enqueue(taskId: string): Promise<void>;
  /** Stops a run in this process at once (another process sees the stored status within a second). */
  abortLocal?(taskId: string): void;
  allowPrivateWebhooks: boolean;
  /** Where a cancelled task that spent upstream calls is billed (see billCancelledTask). */
  billing?: { ledger: Ledger; prices: Prices };
  /** The region tree a body's location is checked against at post time (absent: checked when the task runs). */
  catalog?: RegionCatalog;
  /** The task operations (from the operation registry): an operation not among them is refused. */
  operations: TaskOperationSpecs;
  /**
   * How long `n` more web searches of a task of `total` take at least (the mode it searches on: the deferred mode's
   * floor, the budget); absent: no web search.
   */
  searchesWithinMs?(n: number, total: number): Promise<number>;
}

const tagSchema = z.object({ tag: textField('tag', MAX_TAG_LENGTH) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTaskService(deps: TaskServiceDeps): TaskService {
  const { store, clock } = deps;

  const validate = async (operation: TaskOperation, body: unknown) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidField('body', 'each task must be a JSON object');
    const { tag, postback_url, pingback_url, ...request } = body as Record<string, unknown>;
    if (tag !== undefined) parseBody(tagSchema, { tag });
    const options = { allowPrivate: deps.allowPrivateWebhooks };
    const postbackUrl = postback_url === undefined ? null : await checkWebhookUrl(postback_url, 'postback_url', options);
    const pingbackUrl = pingback_url === undefined ? null : await checkWebhookUrl(pingback_url, 'pingback_url', options);
    const spec = taskSpecOf(deps.operations, operation);
    const parsed = parseBody(spec.schema, request) as Record<string, unknown>;
    // A location_name that names no region (or several) is refused now, not as a failed task later.
    if (deps.catalog) spec.checkLocation?.(deps.catalog, parsed);
    return { tag: (tag as string | undefined) ?? null, postbackUrl, pingbackUrl, request: parsed };
  };

  const owned = async (keyId: string, id: string, options?: { withResult?: boolean; operation?: TaskOperation }) => {
    const task = UUID.test(id) ? await store.get(id, { withResult: options?.withResult ?? false }) : undefined;
    const wrongOperation = options?.operation !== undefined && task?.operation !== options.operation;
    if (!task || task.keyId !== keyId || wrongOperation) {
      // Not the raw id: a client's text (NUL, megabytes) is not echoed into the message.
      const what = options?.operation ? `${options.operation} task` : 'task';
      throw new DomainError('NOT_FOUND', UUID.test(id) ? `no ${what} ${id} for this key` : `no ${what} with that id: task ids are UUIDs`);
    }
    return task;
  };

  const eta = async (task: TaskRecord): Promise<Date | null> => {
    if (FINISHED.has(task.status)) return null;
    const remaining = Math.max(0, task.callsTotal - task.callsDone);
    // An operation that searches waits on the engine's deferred mode, not on the Wordstat budget.
    if (remaining > 0 && deps.searchesWithinMs && deps.operations.get(task.operation)?.plannedSearches) {
      return new Date(clock.now() + (await deps.searchesWithinMs(remaining, task.callsTotal)));
    }
    if (!deps.quota || remaining === 0) return new Date(clock.now());
    // Round-robin: while other keys wait, this task gets one call in every (keys with work) of the tasks' share.
    const { keywordsWaiting, keysWithWork } = await store.counts();
    const ahead = Math.max(remaining, Math.min(keywordsWaiting, remaining * Math.max(1, keysWithWork)));
    return new Date(clock.now() + (await deps.quota.taskCallsWithinMs(ahead)));
  };

  const cancelOwned = async (before: TaskRecord): Promise<TaskView> => {
    // An ended task is left as it is and shown as task_get shows it (its result read by pages, by the face):
    // cancel used to present a done task read without its result and answer 500. Not marked collected: a cancel
    // is not a collection.
    if (FINISHED.has(before.status)) return { task: before, eta: null, alreadyEnded: true };
    const task = (await store.cancel(before.keyId, before.id, new Date(clock.now())))!;
    deps.abortLocal?.(before.id);
    // A queued task runs nowhere: settle it now. A running one is settled here when it already spent calls,
    // else by its runner when it stops (a call in flight may still cost).
    if (deps.billing && task.status === 'cancelled' && (before.status === 'queued' || task.spent)) {
      await billCancelledTask({ store, clock, ...deps.billing }, task, task.spent);
      return { task: (await store.get(before.id, { withResult: false }))!, eta: null };
    }
    return { task, eta: null };
  };

  return {
    async post(keyId, operation, bodies, presentations) {
      if (bodies.length > MAX_TASKS_PER_POST) {
        throw invalidField('body', `a post holds at most ${MAX_TASKS_PER_POST} tasks, got ${bodies.length}`);
      }
      if (bodies.length === 0) throw invalidField('body', 'a post holds 1 to 100 tasks, got none');
      await store.migrate();
      // Every body is checked before any task is created: a bad third task used to answer 500 after the first two
      // had been created, queued and billed, with no ids for the client to collect them by.
      const postedAt = new Date(clock.now());
      const checked = await Promise.all(
        bodies.map(async (body, i) => {
          try {
            const { request, ...checked } = await validate(operation, body);
            const presentation = presentations?.[i];
            const kept = presentation === undefined ? request : { ...request, presentation };
            return { ok: true as const, task: { id: randomUUID(), keyId, operation, ...checked, request: kept, postedAt } };
          } catch (error) {
            const domain = toDomainError(error);
            if (domain.code === 'INTERNAL') throw error; // nothing created yet
            return { ok: false as const, error: domain, body };
          }
        }),
      );
      const valid = [];
      // One task's plan at a time (each looks its calls up in the cache, up to 10,000). The cache never fails (an
      // outage is a miss); a database that fails the stored-answers read fails the insert right after it anyway.
      for (const entry of checked) {
        if (entry.ok) valid.push({ ...entry.task, callsTotal: await deps.planCalls(entry.task) });
      }
      if (valid.length > 0) await store.insert(valid);
      for (const task of valid) await deps.enqueue(task.id);
      const stored = new Map((await Promise.all(valid.map((task) => store.get(task.id, { withResult: false })))).map((task) => [task!.id, task!]));
      return checked.map((entry) => (entry.ok ? { ok: true, task: stored.get(entry.task.id)! } : entry));
    },
    async get(keyId, id, options) {
      await store.migrate();
      const task = await owned(keyId, id, options);
      if ((task.status === 'done' || task.status === 'failed') && !task.collected) await store.markCollected(id);
      return { task, eta: await eta(task) };
    },
    async ready(keyId, operation) {
      await store.migrate();
      return store.readyFor(keyId, operation, 1000);
    },
    async cancel(keyId, id, options) {
      await store.migrate();
      const before = await owned(keyId, id, { withResult: false, ...options });
      return cancelOwned(before);
    },
    async cancelAny(id) {
      await store.migrate();
      const before = UUID.test(id) ? await store.get(id, { withResult: false }) : undefined;
      if (!before) throw new DomainError('NOT_FOUND', UUID.test(id) ? `no task ${id}` : 'no task with that id: task ids are UUIDs', { field: 'id' });
      return cancelOwned(before);
    },
    async cancelForKey(keyId) {
      await store.migrate();
      const cancelled = await store.cancelForKey(keyId, new Date(clock.now()));
      for (const task of cancelled) {
        deps.abortLocal?.(task.id);
        if (deps.billing && task.spent) await billCancelledTask({ store, clock, ...deps.billing }, task, true);
      }
      return cancelled.length;
    },
    async list(keyId, options) {
      await store.migrate();
      return store.list(keyId, options);
    },
    async counts() {
      await store.migrate();
      return store.counts();
    },
    async check(operation, body) {
      await validate(operation, body);
    },
    async resultPage(keyId, id, offset, limit) {
      await store.migrate();
      // Not through owned(): that reads the whole task, result and all (10,000 keywords), to hand out a page.
      if (!UUID.test(id)) return undefined;
      return store.resultPage(keyId, id, offset, limit);
    },
    async *resultRows(keyId, id, page) {
      if (!UUID.test(id)) return;
      await store.migrate();
      const end = page.offset + page.limit;
      for (let at = page.offset; at < end; at += TASK_RESULT_PAGES.readRows) {
        const read = await store.resultPage(keyId, id, at, Math.min(TASK_RESULT_PAGES.readRows, end - at));
        if (!read || read.rows.length === 0) return;
        yield read.rows;
        if (at + read.rows.length >= read.total) return;
      }
    },
  };
}
