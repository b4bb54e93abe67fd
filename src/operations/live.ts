import { taskBasePath } from './task-specs.js';
import { planLiveCalls } from '../services/quota-check.js';
import type { ServiceContext } from '../services/context.js';
import { type Operation, presentOf, runModeOf } from './operation.js';

/**
 * One live request of an operation, as every face runs it: its plan first (over the per-request call limit, or
 * past the budget, it is refused before any call), then the run, then the face-neutral answer. `input` has been
 * parsed with `operation.input`. Calls planned already in the request (an MCP batch, a service's own plan) pass
 * without a second count.
 */
export async function runLive(operation: Operation, input: unknown, ctx: ServiceContext): Promise<unknown> {
  return presentOf(operation, await planAndRunLive(operation, input, ctx), input);
}

/**
 * A live request's plan and run, without `present`: the result as a task would store it (a face with its own
 * presentation, such as /v3, shapes it itself).
 */
export async function planAndRunLive(operation: Operation, input: unknown, ctx: ServiceContext): Promise<unknown> {
  const mode = runModeOf(operation, 'live');
  const taskRoute = operation.task ? `${taskBasePath(operation)}/task_post` : undefined;
  if (operation.plan) {
    await planLiveCalls(ctx, operation.plan(input as never, ctx, mode), taskRoute ? { operation: operation.name, taskRoute } : {});
  }
  // Its web searches planned here too, so a refusal names the task route (the run's own plan then finds them planned).
  if (operation.searches && ctx.serp) await ctx.serp.plan(operation.searches(input as never, ctx), 'sync', taskRoute);
  return operation.run(input as never, ctx, mode);
}

/** The source calls one live request of `operation` plans for `input` (an MCP batch plans them together). */
export const livePlanOf = (operation: Operation, input: unknown, ctx: ServiceContext) =>
  operation.plan ? operation.plan(input as never, ctx, runModeOf(operation, 'live')) : [];
