import { sourceCallKey, type SourceCall } from '../domain/source-call.js';

/**
 * What one live request has planned so far (planLiveCalls): the calls it has passed through the plan, and how
 * many calls they counted against MAX_LIVE_CALLS_PER_REQUEST. One per request scope; an MCP batch shares one
 * between its calls, planned all together up front, so a call's own plan finds its calls already planned and the
 * quota is not asked twice for them (a second hold would refuse a batch the budget can serve).
 */
export interface LivePlan {
  readonly planned: Set<string>;
  /** Uncached calls counted so far. */
  counted: number;
  /** The web-search pages planned so far, and the uncached ones counted (their own limit and budget: serp.ts). */
  readonly searches: SearchPlan;
}

/** What a request has planned of web search: page keys (serpCallKey) and how many were uncached. */
export interface SearchPlan {
  readonly planned: Set<string>;
  counted: number;
}

export const createLivePlan = (): LivePlan => ({ planned: new Set(), counted: 0, searches: { planned: new Set(), counted: 0 } });

/** The distinct calls of `calls` the plan has not seen yet. */
export function unplannedCalls(plan: LivePlan, calls: readonly SourceCall[]): SourceCall[] {
  const fresh = new Map<string, SourceCall>();
  for (const call of calls) {
    const key = sourceCallKey(call);
    if (!plan.planned.has(key)) fresh.set(key, call);
  }
  return [...fresh.values()];
}
