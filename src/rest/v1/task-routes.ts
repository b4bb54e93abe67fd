import { z } from 'zod';
import type { RequestContext } from '../../services/runtime.js';
import { textField } from '../../domain/requests/parse.js';
import { MAX_TAG_LENGTH, requireTasks } from '../../tasks/task-service.js';
import type { TaskOperation } from '../../domain/tasks.js';
import type { Operation } from '../../operations/operation.js';
import { defaultRegistry, type OperationRegistry } from '../../operations/registry.js';
import { taskBasePath, taskInputOf, taskOperationsOf } from '../../operations/task-specs.js';
import { defineRoute, type RestRoute } from '../routes.js';
import { presentPosted, presentReady, presentTaskGet, taskResultPage } from '../../operations/task-envelope.js';
import { resultPageArgs, TASK_RESULT_PAGES } from '../../domain/requests/task-result-pages.js';
import type { TaskView } from '../../tasks/task-service.js';

const tasksOf = (scope: RequestContext) => requireTasks(scope);

const noBody = z.object({});

/** task_get's query: a page of the result (checked by resultPageArgs, which names a bad one). */
const pageQuery = z.object({
  offset: z.string().optional().meta({ description: 'First result item of the page (0 unless given).' }),
  limit: z.string().optional().meta({
    description: `Items in the page, 1 to ${TASK_RESULT_PAGES.rest.maxLimit} (all of them unless given); total_count says how many the result holds.`,
  }),
});

/** The task_get answer (and a cancel's): the envelope, the page of the result written as it is read. */
const taskAnswer = async (scope: RequestContext, request: { startedAt: number; now(): number }, query: unknown, fetch: () => Promise<TaskView>) => {
  const page = resultPageArgs('rest', query as { offset?: string; limit?: string }); // before any read
  const view = await fetch();
  return presentTaskGet({ startedAt: request.startedAt, now: request.now() }, view, await taskResultPage(tasksOf(scope), view, page, 'stream'));
};

/** The documented body of a post: the live body (task limits) plus the task's own fields, checked by the service. */
const postSchema = (op: Operation) =>
  taskInputOf(op).extend({
    tag: textField('tag', MAX_TAG_LENGTH).optional(),
    postback_url: z.string().optional(),
    pingback_url: z.string().optional(),
  });

/**
 * The task mode of each /v1 operation: post (one task or up to 100), list the finished ones, get one, cancel one.
 * Reading and cancelling are free; a task is billed once, when it ends.
 */
export function createTaskRoutes(registry: OperationRegistry = defaultRegistry): RestRoute[] {
  return taskOperationsOf(registry).flatMap((op) => taskRoutesAt(op, taskBasePath(op)));
}

/** The task routes of `op` under `base` (task-specs.ts says where). */
function taskRoutesAt(op: Operation, base: string): RestRoute[] {
  const operation: TaskOperation = op.name;
  return [
    defineRoute({
      path: `${base}/task_post`,
      family: 'v1',
      operation: `v1.${operation}.task_post`,
      summary: `Post 1 to 100 ${operation} tasks (the live body plus tag, postback_url, pingback_url); collect them later`,
      schema: postSchema(op),
      free: true,
      envelope: 'own',
      input: 'each-task',
      // One task or an array of them, as posted: the task service checks each against the schema on its own.
      handle: async (body: unknown, scope, request) => {
        const bodies = Array.isArray(body) ? body : [body];
        const posted = await tasksOf(scope).post(scope.principal.keyId, operation, bodies);
        // A post of one task that is refused created nothing: the family's 400 naming the field, as live answers
        // it (an array keeps its per-task entries, so the tasks that were created can be collected).
        const [only] = posted;
        if (!Array.isArray(body) && only && !only.ok) throw only.error;
        return presentPosted({ startedAt: request.startedAt, now: request.now() }, operation, posted);
      },
    }),
    defineRoute({
      path: `${base}/tasks_ready`,
      method: 'GET',
      family: 'v1',
      operation: `v1.${operation}.tasks_ready`,
      summary: `This key's finished ${operation} tasks not yet collected`,
      schema: noBody,
      free: true,
      envelope: 'own',
      handle: async (_body, scope, request) =>
        presentReady({ startedAt: request.startedAt, now: request.now() }, operation, await tasksOf(scope).ready(scope.principal.keyId, operation), base),
    }),
    defineRoute({
      path: `${base}/task_get/{id}`,
      method: 'GET',
      family: 'v1',
      operation: `v1.${operation}.task_get`,
      summary: `One ${operation} task: its status and progress, and the result once done, a page at a time with offset and limit (polling costs nothing)`,
      schema: pageQuery,
      free: true,
      envelope: 'own',
      handle: (query, scope, request) => taskAnswer(scope, request, query, () => tasksOf(scope).get(scope.principal.keyId, request.params.id!, { operation })),
    }),
    defineRoute({
      path: `${base}/task_get/{id}`,
      method: 'DELETE',
      family: 'v1',
      operation: `v1.${operation}.task_cancel`,
      summary: `Cancels a queued or running ${operation} task: it makes no further calls (billed the call price only if it already spent some); an ended task is answered as it stands`,
      schema: noBody,
      free: true,
      envelope: 'own',
      // An ended task is answered as task_get answers it without a page (its result streamed as read).
      handle: (_body, scope, request) => taskAnswer(scope, request, {}, () => tasksOf(scope).cancel(scope.principal.keyId, request.params.id!, { operation })),
    }),
  ];
}
