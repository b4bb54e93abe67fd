import type { z } from 'zod';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import type { ServiceContext } from '../services/context.js';
import { resolveLocation } from '../services/location.js';
import type { TaskOperationSpec, TaskOperationSpecs } from '../tasks/task-operations.js';
import { freeOf, type Operation, runModeOf } from './operation.js';
import type { OperationRegistry } from './registry.js';

/** The location fields of a body, resolved as the run resolves them (the result is not kept: the run resolves again). */
function checkBodyLocation(catalog: RegionCatalog, request: Record<string, unknown>): void {
  const body = request as { location_code?: number; location_name?: string };
  resolveLocation(catalog, { locationCode: body.location_code, locationName: body.location_name });
}

/** The body a task of `op` is posted with: the live input with the task item limit. */
export const taskInputOf = (op: Operation): z.ZodObject => op.taskInput ?? op.input;

/** What the task service and runner need of one operation: its task body, its plan and its run in task mode. */
function taskSpecOfOperation(op: Operation): TaskOperationSpec {
  const mode = runModeOf(op, 'task');
  const hasLocation = 'location_code' in op.input.shape || 'location_name' in op.input.shape;
  const checks = [...(hasLocation ? [checkBodyLocation] : []), ...(op.checkInput ? [(catalog: RegionCatalog, request: Record<string, unknown>) => op.checkInput!(request, catalog)] : [])];
  const searches = op.searches;
  return {
    schema: taskInputOf(op),
    plannedCalls: (ctx, request) => (op.plan ? op.plan(request as never, ctx, mode) : []),
    ...(searches ? { plannedSearches: (ctx: Pick<ServiceContext, 'catalog'>, request: Record<string, unknown>) => searches(request, ctx) } : {}),
    run: (ctx, request) => op.run(request as never, ctx, mode),
    ...(checks.length > 0 ? { checkLocation: (catalog: RegionCatalog, request: Record<string, unknown>) => checks.forEach((check) => check(catalog, request)) } : {}),
    ...(freeOf(op) ? { free: freeOf(op) } : {}),
  };
}

/** Operations of /v2 whose tasks were published under /v1/keywords before /v2 operations got their own base: kept there. */
const PUBLISHED_UNDER_V1_KEYWORDS = new Set(['core_clean']);

/**
 * Where an operation's task mode lives (`{base}/task_post`, `{base}/tasks_ready`, `{base}/task_get/{id}`): the /v1
 * task family, under the operation's own path for a /v2 operation (`/v2/core/clusters/task_post`), else (and for
 * core_clean, published there first) under /v1/keywords. The one place routes, docs and the explorer's manifest
 * read it from.
 */
export const taskBasePath = (op: Pick<Operation, 'name' | 'rest'>): string =>
  op.rest?.family === 'v2' && !PUBLISHED_UNDER_V1_KEYWORDS.has(op.name) ? op.rest.path : `/v1/keywords/${op.name}`;

/** The operations of `registry` that are posted as tasks. */

export const taskOperationsOf = (registry: OperationRegistry): Operation[] => registry.operations.filter((op) => op.task);

/** The task specs of a registry, by operation name (handed to the task service and runner). */
export const taskSpecsOf = (registry: OperationRegistry): TaskOperationSpecs =>
  new Map(taskOperationsOf(registry).map((op) => [op.name, taskSpecOfOperation(op)]));
