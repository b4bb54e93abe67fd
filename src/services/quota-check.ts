import { DomainError } from '../domain/errors.js';
import type { SourceCall } from '../domain/source-call.js';
import type { ServiceContext } from './context.js';

export interface LivePlanOptions {
  /** The /v1 operation whose task route the refusal points to (e.g. `search_volume`); GraphQL names its mutation. */
  operation?: string | undefined;
}

/** Where a refused live request should go instead. */
function taskHint(operation: string | undefined): string {
  const route = `POST /v1/keywords/${operation ?? 'search_volume'}/task_post`;
  return `post it as a task instead (${route}, or the GraphQL mutation createSearchVolumeTask): tasks wait for the budget`;
}

/**
 * The plan before any live call: counts the distinct calls of `calls` not fresh in the cache and refuses at once,
 * spending nothing, when the budget cannot give them all within WORDSTAT_MAX_WAIT_MS — 403 when the hour is the
 * limit, 429 when the per-second rate is — with the honest Retry-After (when the whole request would fit) and
 * the task route to use instead. Half an answer would burn quota and still fail (no partial results).
 * GraphQL passes the calls of a whole operation; REST the calls of one request.
 */
export async function planLiveCalls(ctx: ServiceContext, calls: readonly SourceCall[], options: LivePlanOptions = {}): Promise<void> {
  if (!ctx.quota || calls.length === 0) return;
  const needed = await ctx.source.countUncached(calls);
  if (needed === 0) return;
  const plan = await ctx.quota.planLive(needed);
  if (plan.ok) return;
  const { hourly, perSecond } = await ctx.quota.status();
  const retry = plan.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: plan.retryAfterSeconds };
  const when = plan.retryAfterSeconds === undefined ? 'more than one hour of budget holds' : `retry in ${plan.retryAfterSeconds} s`;
  if (plan.limit === 'hour') {
    throw new DomainError(
      'SOURCE_QUOTA_EXHAUSTED',
      `this request needs ${needed} uncached Wordstat calls and ${hourly.remaining} of ${hourly.limit} remain this hour (${when}); ${taskHint(options.operation)}`,
      retry,
    );
  }
  throw new DomainError(
    'SOURCE_RATE_LIMITED',
    `this request needs ${needed} uncached Wordstat calls and the per-second limit (${perSecond.limit}/s) is taken (${when}); ${taskHint(options.operation)}`,
    retry,
  );
}

