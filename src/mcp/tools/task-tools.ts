import { z } from 'zod';
import { DomainError } from '../../domain/errors.js';
import { searchVolumeTaskRequestSchema } from '../../domain/requests/keyword-data.js';
import { stringField } from '../../domain/requests/parse.js';
import { ROUTE_DOCS } from '../../rest/openapi/route-docs.js';
import { taskGetEnvelopeSchemas } from '../../rest/openapi/schemas-tasks.js';
import { presentTaskObject } from '../../rest/v1/task-envelope.js';
import { requireTasks, type TaskView } from '../../tasks/task-service.js';
import type { RequestContext } from '../../services/runtime.js';
import { defineTool } from '../tool.js';

// Lists past the hourly quota: post now, poll, collect. The same task service as the /v1 task routes and the
// GraphQL task mutations; the task object is task_get's own (tasks[0] of its envelope). Polling is free; a
// task is billed once, when it ends (in its `cost`).

const taskObjectSchema = (taskGetEnvelopeSchemas.search_volume as z.ZodObject).shape.tasks as z.ZodArray<z.ZodType>;
const taskOutput = taskObjectSchema.element;
const taskIdInput = z.object({ id: stringField('id').meta({ description: 'The task id task_create returned (a UUID).' }) });
const MCP_TIME = '0 sec'; // the envelope's time field; an MCP result has no request frame of its own

const presented = (view: TaskView) => presentTaskObject(view, MCP_TIME);
const own = (scope: RequestContext, id: string) => requireTasks(scope).get(scope.principal.keyId, id);

const progressLine = (task: ReturnType<typeof presented>) =>
  `${task.progress.calls_done} of ${task.progress.calls_total} calls done` + (task.progress.eta ? `, expected by ${task.progress.eta}` : '');

export const taskCreate = defineTool({
  name: 'task_create',
  title: 'Search volume of a long keyword list, as a task',
  description:
    'Starts a background task for the search volume of up to 10,000 keywords: more than the hourly upstream quota answers live (keyword_search_volume takes 100). Keywords already cached are done at once; the rest are fetched as the budget refills. Returns the task id and an ETA; poll task_status, then read task_result.',
  input: searchVolumeTaskRequestSchema.extend({ tag: z.string().max(255, { error: 'tag must be at most 255 characters' }).optional() }),
  output: taskOutput,
  fields: { ...ROUTE_DOCS['/v1/keywords/search_volume']!.fields, tag: 'Your own label for the task (at most 255 characters).' },
  free: true, // billed when it ends, as one call
  run: async (args, scope) => {
    const tasks = requireTasks(scope);
    const [posted] = await tasks.post(scope.principal.keyId, 'search_volume', [args]);
    if (!posted!.ok) throw posted!.error;
    return presented(await tasks.get(scope.principal.keyId, posted!.task.id));
  },
  summarize: (task) => `Task ${task.id} created for ${task.progress.calls_total} keyword calls: ${task.status_message} ${progressLine(task)}.`,
});

export const taskStatus = defineTool({
  name: 'task_status',
  title: 'Progress of a task',
  description: 'Where a task stands: queued, running, done, failed or cancelled, with calls done of total and an ETA worked out from the budget. Free; poll it as often as you like, then read task_result once done.',
  input: taskIdInput,
  output: taskOutput,
  fields: {},
  free: true,
  run: async (args, scope) => ({ ...presented(await own(scope, args.id)), result: null, result_count: 0 }),
  summarize: (task) => `Task ${task.id}: ${task.status_message} ${progressLine(task)}.`,
});

export const taskResult = defineTool({
  name: 'task_result',
  title: 'Result of a finished task',
  description: 'The result of a finished task: the same items keyword_search_volume gives, one per keyword. Free. Answers an error naming the status while the task is not done yet.',
  input: taskIdInput,
  output: taskOutput,
  fields: {},
  free: true,
  run: async (args, scope) => {
    const task = presented(await own(scope, args.id));
    if (task.status_code !== 20000) {
      throw new DomainError('NOT_FOUND', `task ${task.id} has no result: ${task.status_message} ${progressLine(task)}`, { field: 'id' });
    }
    return task;
  },
  summarize: (task) => {
    const items = (task.result ?? []) as { keyword: string; search_volume: number }[];
    const lines = items.slice(0, 20).map((item, i) => `${i + 1}. ${item.keyword} — ${item.search_volume}/month`);
    return [`Task ${task.id}: ${items.length} keywords (cost ${task.cost}).`, ...lines, ...(items.length > 20 ? [`… ${items.length - 20} more`] : [])].join('\n');
  },
});
