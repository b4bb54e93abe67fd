import { DomainError } from '../domain/errors.js';
import { MAX_LIVE_CALLS_PER_REQUEST } from '../domain/requests/live-limits.js';
import { type SourceCall, sourceCallKey } from '../domain/source-call.js';
import type { ServiceContext } from './context.js';
import { createLivePlan, unplannedCalls } from './live-plan.js';

export interface LivePlanOptions {
  /** The /v1 operation whose task route the refusal points to (e.g. `search_volume`); GraphQL names its mutation. */
  operation?: string | undefined;
  /** That operation's task_post path (its task family may live under /v2): named in the refusal as it is. */
  taskRoute?: string | undefined;
}

/** Where a refused live request should go instead. */
function taskHint(options: LivePlanOptions): string {
  const route = `POST ${options.taskRoute ?? `/v1/keywords/${options.operation ?? 'search_volume'}/task_post`}`;
  return `post it as a task instead (${route}, or the GraphQL mutation createSearchVolumeTask): tasks wait for the budget`;
}

/** A live request over MAX_LIVE_CALLS_PER_REQUEST: refused before any call, on every source and every face. */
function tooManyCalls(needed: number, operation: LivePlanOptions): DomainError {
  return new DomainError(
    'QUERY_TOO_COMPLEX',
    `this request needs ${needed} uncached source calls and a live request may make at most ${MAX_LIVE_CALLS_PER_REQUEST} ` +
      `(match types, 24 months and operators add calls per keyword): ask for less, or ${taskHint(operation)}`,
    { params: { calls: needed, max: MAX_LIVE_CALLS_PER_REQUEST } },
  );
}

/**
 * The plan before any live call: counts the distinct calls of `calls` not fresh in the cache and refuses at once,
 * spending nothing,
 * - when the request's uncached calls (with any planned before in the same request) are more than
 *   MAX_LIVE_CALLS_PER_REQUEST: QUERY_TOO_COMPLEX, 400, whatever the source (the demo's model work is bounded
 *   as Wordstat's quota is);
 * - when the budget cannot give them all within WORDSTAT_MAX_WAIT_MS — 403 when the hour is the limit, 429 when
 *   the per-second rate is — with the honest Retry-After (when the whole request would fit) and the task route to
 *   use instead. Half an answer would burn quota and still fail (no partial results).
 * GraphQL passes the calls of a whole operation, an MCP batch those of all its calls; REST the calls of one
 * request. Calls the request planned already (ctx.livePlan) pass without a second count or hold. A task's run has
 * no live plan and no quota guard here: tasks wait for the budget instead.
 */
export async function planLiveCalls(ctx: ServiceContext, calls: readonly SourceCall[], options: LivePlanOptions = {}): Promise<void> {
  const live = ctx.livePlan ?? (ctx.quota ? createLivePlan() : undefined);
  if (!live) return;
  const fresh = unplannedCalls(live, calls);
  if (fresh.length === 0) return;
  // Without a quota to ask, a request whose every call fits the limit need not look up which are cached (the hit
  // path of the demo source); they count at their worst.
  const needed = !ctx.quota && live.counted + fresh.length <= MAX_LIVE_CALLS_PER_REQUEST ? fresh.length : await ctx.source.countUncached(fresh);
  const counted = live.counted + needed;
  if (counted > MAX_LIVE_CALLS_PER_REQUEST) throw tooManyCalls(counted, options);
  if (ctx.quota && needed > 0) await planQuota(ctx, needed, options);
  for (const call of fresh) live.planned.add(sourceCallKey(call));
  live.counted = counted;
}

/** The quota part of the plan: `needed` uncached calls must be granted within the wait, or the request is refused. */
async function planQuota(ctx: ServiceContext, needed: number, operation: LivePlanOptions): Promise<void> {
  const quota = ctx.quota!;
  const plan = await quota.planLive(needed);
  if (plan.ok) return;
  const { hourly, perSecond } = await quota.status();
  const retry = plan.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: plan.retryAfterSeconds };
  const when = plan.retryAfterSeconds === undefined ? 'more than one hour of budget holds' : `retry in ${plan.retryAfterSeconds} s`;
  if (plan.limit === 'hour') {
    throw new DomainError(
      'SOURCE_QUOTA_EXHAUSTED',
      `this request needs ${needed} uncached Wordstat calls and ${hourly.remaining} of ${hourly.limit} remain this hour (${when}); ${taskHint(operation)}`,
      retry,
    );
  }
  throw new DomainError(
    'SOURCE_RATE_LIMITED',
    `this request needs ${needed} uncached Wordstat calls and the per-second limit (${perSecond.limit}/s) is taken (${when}); ${taskHint(operation)}`,
    retry,
  );
}

