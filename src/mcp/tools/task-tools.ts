import { z } from 'zod';
import { DomainError } from '../../domain/errors.js';
import { stringField } from '../../domain/requests/parse.js';
import type { Operation } from '../../operations/operation.js';
import type { OperationRegistry } from '../../operations/registry.js';
import { taskGetEnvelopeSchemas } from '../../operations/schemas/tasks.js';
import { presentTaskObject, type ResultItemsPage, taskResultPage } from '../../operations/task-envelope.js';
import { type ResultPageArgs, resultPageArgs, TASK_RESULT_PAGES } from '../../domain/requests/task-result-pages.js';
import { requireTasks, type TaskView } from '../../tasks/task-service.js';
import type { TaskStatus } from '../../domain/tasks.js';
import type { RequestContext } from '../../services/runtime.js';
import { defineTool, type McpTool } from '../tool.js';
import { READS_AND_COLLECTS, STARTS_BILLED_WORK, STARTS_LOCAL_WORK } from '../../operations/tool-effects.js';

// Lists past the hourly quota: post now, poll, collect. The same task service as the /v1 task routes and the
// GraphQL task mutations; the task object is task_get's own (tasks[0] of its envelope). Polling is free; a
// task is billed once, when it ends (in its `cost`).

/** Every status word, as a record so a status added to TaskStatus and not here fails to compile. */
const STATUS_WORDS = { queued: true, running: true, done: true, failed: true, cancelled: true } satisfies Record<TaskStatus, true>;
/** task_get's object of an operation's tasks (its result: the live route's items), or of any task. */
const taskObjectOf = (operation: string | undefined): z.ZodObject => {
  const envelope = operation === undefined ? undefined : (taskGetEnvelopeSchemas[operation] as z.ZodObject | undefined);
  if (envelope) return (envelope.shape.tasks as z.ZodArray<z.ZodObject>).element;
  // Any task: the fields every task object has, its result items as their operation presents them.
  const known = Object.values(taskGetEnvelopeSchemas).map((e) => ((e as z.ZodObject).shape.tasks as z.ZodArray<z.ZodObject>).element);
  return known[0]!.extend({ result: z.array(z.unknown()).nullable().meta({ description: "The task's result items, as its operation's live tool gives them; null until done." }) });
};
/** task_get's object plus the status as a word: status codes (40601 "Task Handed.") are the format's, not an agent's. */
const taskOutputOf = (operation: string | undefined) =>
  taskObjectOf(operation).extend({
    status: z.enum(Object.keys(STATUS_WORDS) as TaskStatus[]).meta({ description: 'Where the task stands: queued, running, done, failed or cancelled.' }),
  });
const taskOutput = taskOutputOf(undefined);
const taskIdInput = z.object({ id: stringField('id').meta({ description: 'The task id task_create returned (a UUID).' }) });
const MCP_TIME = '0 sec'; // the envelope's time field; an MCP result has no request frame of its own

const presented = (view: TaskView, page?: ResultItemsPage) => {
  const { id, ...rest } = presentTaskObject(view, MCP_TIME, page);
  return { id, status: view.task.status, ...rest };
};
/** The view with `page` of its result (read by pages from the store; one answer holds at most the MCP page). */
const withPage = async (scope: RequestContext, view: TaskView, page: ResultPageArgs = resultPageArgs('mcp', {})) =>
  presented(view, await taskResultPage(requireTasks(scope), view, page, 'memory'));
const { defaultLimit, maxLimit } = TASK_RESULT_PAGES.mcp;
const pageInput = {
  offset: z.number().optional().meta({ description: 'First result item to return (0 unless given); with limit, pages through total_count.' }),
  limit: z.number().optional().meta({ description: `Items to return, 1 to ${maxLimit} (${defaultLimit} unless given).` }),
};
const own = (scope: RequestContext, id: string) => requireTasks(scope).get(scope.principal.keyId, id);

const progressLine = (task: ReturnType<typeof presented>) =>
  `${task.progress.calls_done} of ${task.progress.calls_total} calls done` + (task.progress.eta ? `, expected by ${task.progress.eta}` : '');
/** "running (Task Handed.)": the word first, the format's message beside it (a failure's message says why). */
const statusLine = (task: ReturnType<typeof presented>) => `${task.status} (${task.status_message})`;

/**
 * The tool posting one operation as a task (every operation with `task: true` and an MCP binding): its input is
 * the operation's task input (the task item limit) plus `tag`, its prose the operation's (mcp.task, or derived
 * from the live tool's). One tool per operation, so an agent reads each one's own arguments (docs/decisions.md).
 */
function taskCreateTool(op: Operation): McpTool {
  const mcp = op.mcp!;
  const items = op.limits.items;
  const name = mcp.task?.tool ?? `task_create_${op.name}`;
  // A free operation never asks the source: its task spends no quota and no money (core_clean may: `when-asked`).
  const local = op.price === 'free';
  return defineTool({
    name,
    title: mcp.task?.title ?? `${mcp.title}, as a task`,
    description:
      mcp.task?.description ??
      (local
        ? `Starts a background task doing what ${mcp.tool} does (${op.description}), for a list too long to wait for live. Works locally: no upstream call, free; each call creates a new task. Returns the task id, its status and an ETA; poll task_status, then read task_result.`
        : op.price === 'when-asked'
          ? `Starts a background task doing what ${mcp.tool} does (${op.description}), for a list too long or too costly to wait for live. Local and free unless its arguments ask the source (as ${mcp.tool} says); then it spends upstream quota and is billed when it ends. Each call creates a new task. Returns the task id, its status and an ETA; poll task_status, then read task_result.`
          : `Starts a background task doing what ${mcp.tool} does (${op.description}), for when the hourly upstream quota does not answer it live. Spends upstream quota and is billed when it ends; each call creates a new task. Returns the task id, its status and an ETA; poll task_status, then read task_result.`),
    input: (op.taskInput ?? op.input).extend({ tag: z.string().max(255, { error: 'tag must be at most 255 characters' }).optional() }),
    output: taskOutputOf(op.name),
    fields: {
      ...op.fields,
      // The live text names the live item limit; a task takes its own, by the same rules per item.
      ...(items && op.fields.keywords ? { keywords: `1 to ${items.task.toLocaleString('en')} keywords, each as ${mcp.tool} takes it.` } : {}),
      tag: 'Your own label for the task (at most 255 characters).',
    },
    free: true, // billed when it ends, as one call
    effects: local ? STARTS_LOCAL_WORK : STARTS_BILLED_WORK,
    run: async (args, scope) => {
      const tasks = requireTasks(scope);
      const [posted] = await tasks.post(scope.principal.keyId, op.name, [args]);
      if (!posted!.ok) throw posted!.error;
      return withPage(scope, await tasks.get(scope.principal.keyId, posted!.task.id));
    },
    summarize: (task) => `Task ${task.id} created for ${task.progress.calls_total} ${op.name === 'search_volume' ? 'keyword ' : ''}calls: ${statusLine(task)}, ${progressLine(task)}.`,
  });
}

const taskStatus = defineTool({
  name: 'task_status',
  title: 'Progress of a task',
  description:
    'Where a task stands, as a word in `status` (queued, running, done, failed or cancelled), with calls done of total and an ETA worked out from the budget. Free; poll it as often as you like, then read task_result once done. Reading a finished task marks it collected (it leaves the /v1 tasks_ready list).',
  input: taskIdInput,
  output: taskOutput,
  fields: {},
  free: true,
  effects: READS_AND_COLLECTS,
  run: async (args, scope) => ({ ...presented(await own(scope, args.id)), result: null, result_count: 0 }),
  summarize: (task) => `Task ${task.id}: ${statusLine(task)}, ${progressLine(task)}.`,
});

const taskResult = defineTool({
  name: 'task_result',
  title: 'Result of a finished task',
  description:
    `The result of a finished task: the same items keyword_search_volume gives, one per keyword, a page at a time (offset, limit: ${defaultLimit} unless given; total_count says how many there are). Free. Answers an error naming the status while the task is not done yet. Marks the task collected (it leaves the /v1 tasks_ready list).`,
  input: taskIdInput.extend(pageInput),
  output: taskOutput,
  fields: {},
  free: true,
  effects: READS_AND_COLLECTS,
  run: async (args, scope) => {
    const page = resultPageArgs('mcp', args); // a bad offset or limit is refused before any read
    const task = await withPage(scope, await own(scope, args.id), page);
    if (task.status_code !== 20000) {
      throw new DomainError('NOT_FOUND', `task ${task.id} has no result: ${statusLine(task)}, ${progressLine(task)}`, { field: 'id' });
    }
    return task;
  },
  summarize: (task, args) => {
    const items = (task.result ?? []) as { keyword?: string; seed_keyword?: string; search_volume?: number; items?: unknown[] }[];
    const offset = (args as { offset?: number }).offset ?? 0;
    // A search-volume item has its volume; a suggestions or locations item, its rows.
    const figure = (item: (typeof items)[number]) => (item.search_volume !== undefined ? `${item.search_volume}/month` : `${item.items?.length ?? 0} rows`);
    const lines = items.slice(0, 20).map((item, i) => `${offset + i + 1}. ${item.keyword ?? item.seed_keyword} — ${figure(item)}`);
    const rest = task.total_count - offset - Math.min(items.length, 20);
    const range = items.length === task.total_count ? '' : ` (items ${offset + 1}–${offset + items.length} of ${task.total_count}; offset ${offset + items.length} reads on)`;
    return [`Task ${task.id}: ${task.total_count} items${range} (cost ${task.cost}).`, ...lines, ...(rest > 0 ? [`… ${rest} more`] : [])].join('\n');
  },
});

/** The task tools of a registry: one task_create per task operation (registry order), then task_status and task_result. */
export const taskTools = (registry: OperationRegistry): McpTool[] => [
  ...registry.operations.filter((op) => op.task && op.mcp).map(taskCreateTool),
  taskStatus,
  taskResult,
];
