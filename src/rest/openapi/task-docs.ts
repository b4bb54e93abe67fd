import type { RouteDoc } from './route-doc.js';
import { taskGetEnvelopeSchemas, taskPostEnvelopeSchema, tasksReadyEnvelopeSchema } from '../../operations/schemas/tasks.js';
import type { TaskOperation } from '../../domain/tasks.js';
import type { Operation } from '../../operations/operation.js';
import { defaultRegistry } from '../../operations/registry.js';
import { taskBasePath, taskOperationsOf } from '../../operations/task-specs.js';

const ID = '5d2f1c8e-0a4b-4c6d-8e9f-1a2b3c4d5e6f';
const frame = { version: '0.1.20260122', status_code: 20000, status_message: 'Ok.', time: '0.0100 sec.', cost: 0, tasks_error: 0 };

/** Task bodies shown for the first task operations; the others show their live route's example. */
const requests: Record<TaskOperation, Record<string, unknown>> = {
  search_volume: { keywords: ['купить ноутбук', 'пицца'], location_code: 2643, language_code: 'ru' },
  suggestions: { keyword: 'велосипед', limit: 5 },
  locations: { keyword: 'пицца' },
  core_clean: { phrases: ['купить пластиковые окна', 'окна пластиковые купить', 'пластиковые окна бесплатно'], region: 213 },
  core_expand: { seeds: ['детский велосипед'], region: 213, depth: 2, max_calls: 20 },
};

const taskFields = {
  tag: 'Free text echoed in tasks_ready and task_get (at most 255 characters).',
  postback_url: 'Receives a POST of the task_get body when the task ends ($id and $tag are substituted); http or https, public hosts only.',
  pingback_url: 'Receives a GET when the task ends ($id and $tag are substituted); http or https, public hosts only.',
};

function docsOf(op: Operation, base: string): Record<string, RouteDoc> {
  const operation: TaskOperation = op.name;
  const request = requests[operation] ?? op.rest?.docs?.requestExample ?? {};
  const data = { api: 'keywords', function: operation, ...request, tag: 'batch-1' };
  const getExample = {
    ...frame,
    tasks_count: 1,
    tasks: [
      {
        id: ID,
        status_code: 40601,
        status_message: 'Task Handed.',
        time: '0.0100 sec.',
        cost: 0,
        result_count: 0,
        total_count: 0,
        path: ['v1', 'keywords', operation, 'task_get', ID],
        data,
        tag: 'batch-1',
        date_posted: '2026-11-20 09:00:00 +00:00',
        progress: { calls_total: 2, calls_done: 1, eta: '2026-11-20T09:40:00.000Z' },
        result: null,
      },
    ],
  };
  const getDoc: RouteDoc = { response: taskGetEnvelopeSchemas[operation]!, requestExample: {}, responseExample: getExample, fields: {} };
  return {
    [`${base}/task_post`]: {
      response: taskPostEnvelopeSchema,
      requestExample: { ...request, tag: 'batch-1' },
      fields: operation === 'search_volume' ? { ...taskFields, keywords: '1 to 10,000 keywords, each non-empty.' } : taskFields,
      responseExample: {
        ...frame,
        tasks_count: 1,
        tasks: [
          { id: ID, status_code: 20100, status_message: 'Task Created.', time: '0.0100 sec.', cost: 0, result_count: 0, path: ['v1', 'keywords', operation, 'task_post'], data, result: null },
        ],
      },
    },
    [`${base}/tasks_ready`]: {
      response: tasksReadyEnvelopeSchema,
      requestExample: {},
      fields: {},
      responseExample: {
        ...frame,
        tasks_count: 1,
        tasks: [
          {
            id: ID,
            status_code: 20000,
            status_message: 'Ok.',
            time: '0.0100 sec.',
            cost: 0,
            result_count: 1,
            path: ['v1', 'keywords', operation, 'tasks_ready'],
            data: { api: 'keywords', function: operation },
            result: [{ id: ID, tag: 'batch-1', date_posted: '2026-11-20 09:00:00 +00:00', endpoint: `${base}/task_get/${ID}` }],
          },
        ],
      },
    },
    [`${base}/task_get/{id}`]: getDoc,
  };
}

/** Documentation of the task routes, by path (GET and DELETE of task_get/{id} share one entry). */
export const TASK_ROUTE_DOCS: Record<string, RouteDoc> = Object.assign(
  {},
  ...taskOperationsOf(defaultRegistry).map((op) => docsOf(op, taskBasePath(op))),
);
