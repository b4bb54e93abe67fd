import { randomUUID } from 'node:crypto';
import type { DomainError } from '../domain/errors.js';
import type { KeywordLocations } from '../services/locations.js';
import type { KeywordVolumeEntry } from '../services/search-volume.js';
import type { SuggestionsResult } from '../services/suggestions.js';
import type { PostedTask, TaskService, TaskView } from '../tasks/task-service.js';
import type { TaskOperation, TaskRecord } from '../domain/tasks.js';
import { type ResultPageArgs, rowsInPage } from '../domain/requests/task-result-pages.js';
import { StreamedList } from './streamed-list.js';
import { ENVELOPE_VERSION, envelopeErrorDetail, formatSeconds, taskStatusCode } from './envelope.js';
import { presentLocations, presentSearchVolumeItem, presentSuggestions } from './present-v1.js';
import { presentOf } from './operation.js';
import { defaultRegistry } from './registry.js';

/** Task status codes of the format for a task that has not ended (HTTP 200 all the same). */
const WAITING: Record<'queued' | 'running' | 'cancelled', [number, string]> = {
  queued: [40602, 'Task In Queue.'],
  running: [40601, 'Task Handed.'],
  cancelled: [40603, 'Task Cancelled.'],
};

/** Added to the status message of a cancel that found the task ended: the code stays the task's own. */
export const ALREADY_ENDED = 'The task had already ended: nothing was cancelled.';

/** `2026-11-20 09:00:00 +00:00`, as the format writes dates. */
export function formatDate(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} +00:00`;
}

/** The task_get path of a task. */
/** A task's task_get path under its operation's task base (task-specs.ts's taskBasePath). */
const taskGetPath = (base: string, id: string) => `${base}/task_get/${id}`;

/**
 * The result items a finished task shows: exactly what the live route shows for the same request. A list result
 * is here only when it was read whole (the postback); the faces read it by pages (taskResultPage).
 */
export function presentTaskResult(task: TaskRecord): unknown[] {
  switch (task.operation) {
    case 'search_volume':
      return ((task.result as KeywordVolumeEntry[] | null) ?? []).map(presentSearchVolumeItem);
    case 'suggestions':
      return [presentSuggestions(task.result as SuggestionsResult)];
    case 'locations':
      return [presentLocations(task.result as KeywordLocations)];
    default: {
      // The operation's face-neutral answer of what its run stored (serp: the /v2 page), as live presents it; one
      // without `present` (or not in the registry) stored it in that form already (one item, or a list of items).
      const op = defaultRegistry.get(task.operation);
      const { presentation: _kept, ...input } = task.request;
      const result = op && task.result !== null ? presentOf(op, task.result, input) : task.result;
      return Array.isArray(result) ? result : result === null ? [] : [result];
    }
  }
}

interface Frame {
  startedAt: number;
  now: number;
}

const envelope = (frame: Frame, tasks: Record<string, unknown>[], cost = 0) => ({
  version: ENVELOPE_VERSION,
  status_code: 20000,
  status_message: 'Ok.',
  time: formatSeconds(frame.now - frame.startedAt),
  cost,
  tasks_count: tasks.length,
  tasks_error: tasks.filter((t) => (t.status_code as number) >= 40000 && !isWaitingCode(t.status_code as number)).length,
  tasks,
});

const isWaitingCode = (code: number) => code === 40601 || code === 40602;

/** The stored request without what a face keeps to present it (TaskPresentation: not part of what was posted). */
function postedRequest(task: TaskRecord): Record<string, unknown> {
  const { presentation: _kept, ...request } = task.request;
  return request;
}

const taskData = (task: TaskRecord) => ({
  api: 'keywords',
  function: task.operation,
  ...postedRequest(task),
  ...(task.tag === null ? {} : { tag: task.tag }),
  ...(task.postbackUrl === null ? {} : { postback_url: task.postbackUrl }),
  ...(task.pingbackUrl === null ? {} : { pingback_url: task.pingbackUrl }),
});

/** A page of a done task's result items as a face hands it out, and how many items the whole result holds. */
export interface ResultItemsPage {
  /** In memory (MCP), or written as read (REST: JSON, CSV, XLSX). */
  items: unknown[] | StreamedList;
  total: number;
}

/**
 * `page` of a done task's result items (undefined before it is done). A list result (a search_volume task's
 * keywords) is read from the store TASK_RESULT_PAGES.readRows rows at a time: as the answer is written
 * (`stream`), or into one array (`memory`, for a page an in-memory answer may hold). A result that is one object
 * (suggestions, locations) is one item.
 */
export async function taskResultPage(
  tasks: TaskService,
  view: TaskView,
  page: ResultPageArgs,
  mode: 'stream' | 'memory',
): Promise<ResultItemsPage | undefined> {
  const { task } = view;
  if (task.status !== 'done') return undefined;
  if (task.resultRows === null) {
    const items = presentTaskResult(task);
    return { items: items.slice(page.offset, page.offset + page.limit), total: items.length };
  }
  const total = task.resultRows;
  const pages = async function* () {
    for await (const rows of tasks.resultRows(task.keyId, task.id, page)) yield (rows as KeywordVolumeEntry[]).map(presentSearchVolumeItem);
  };
  if (mode === 'stream') return { items: new StreamedList(rowsInPage(page, total), pages), total };
  const items: unknown[] = [];
  for await (const rows of pages()) items.push(...rows);
  return { items, total };
}

/**
 * One task as task_get shows it: its status, cost, progress and (when done) a page of the result with the
 * result's size (`total_count`); without `page`, the result as the task record holds it (the postback's).
 */
export function presentTaskObject(view: TaskView, time: string, page?: ResultItemsPage) {
  const { task, eta } = view;
  const [code, message] =
    task.status === 'done'
      ? [20000, 'Ok.']
      : task.status === 'failed'
        ? [taskStatusCode(task.errorCode ?? 'INTERNAL'), task.errorMessage ?? 'Task failed.']
        : WAITING[task.status];
  const whole = task.status === 'done' && !page ? presentTaskResult(task) : undefined;
  const result = task.status === 'done' ? (page?.items ?? whole!) : null;
  return {
    id: task.id,
    status_code: code,
    status_message: view.alreadyEnded ? `${message} ${ALREADY_ENDED}` : message,
    time,
    cost: task.cost ?? 0,
    result_count: result?.length ?? 0,
    // The whole result's items, of which `result` is a page (offset/limit): 0 before the task is done.
    total_count: task.status !== 'done' ? 0 : (page?.total ?? task.resultRows ?? whole!.length),
    path: ['v1', 'keywords', task.operation, 'task_get', task.id],
    data: taskData(task),
    tag: task.tag,
    date_posted: formatDate(task.postedAt),
    progress: { calls_total: task.callsTotal, calls_done: task.callsDone, eta: eta?.toISOString() ?? null },
    result,
  };
}

/** POST …/task_post: one entry per posted task, created (20100) or refused with its own 40xxx naming the field. */
export function presentPosted(frame: Frame, operation: TaskOperation, posted: PostedTask[]) {
  const time = formatSeconds(frame.now - frame.startedAt);
  const path = ['v1', 'keywords', operation, 'task_post'];
  const tasks = posted.map((entry) =>
    entry.ok
      ? { id: entry.task.id, status_code: 20100, status_message: 'Task Created.', time, cost: 0, result_count: 0, path, data: taskData(entry.task), result: null }
      : refusedEntry(entry.error, entry.body, operation, path, time),
  );
  return envelope(frame, tasks);
}

function refusedEntry(error: DomainError, body: unknown, operation: TaskOperation, path: string[], time: string) {
  const echo = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const code = taskStatusCode(error.code);
  return {
    id: randomUUID(),
    status_code: code,
    status_message: error.message,
    time,
    cost: 0,
    result_count: 0,
    path,
    data: { api: 'keywords', function: operation, ...echo },
    result: null,
    error: envelopeErrorDetail(error),
  };
}

/** GET …/tasks_ready: one task whose result lists the finished, uncollected tasks. */
export function presentReady(frame: Frame, operation: TaskOperation, tasks: TaskRecord[], base = `/v1/keywords/${operation}`) {
  const time = formatSeconds(frame.now - frame.startedAt);
  const result = tasks.map((t) => ({ id: t.id, tag: t.tag, date_posted: formatDate(t.postedAt), endpoint: taskGetPath(base, t.id) }));
  return envelope(frame, [
    { id: randomUUID(), status_code: 20000, status_message: 'Ok.', time, cost: 0, result_count: result.length, path: ['v1', 'keywords', operation, 'tasks_ready'], data: { api: 'keywords', function: operation }, result },
  ]);
}

/** GET …/task_get/{id} (and the cancel answer): the task in an envelope of one, with a page of its result. */
export function presentTaskGet(frame: Frame, view: TaskView, page?: ResultItemsPage) {
  const task = presentTaskObject(view, formatSeconds(frame.now - frame.startedAt), page);
  return envelope(frame, [task]); // polling is free: the task's own price is in tasks[0].cost
}
