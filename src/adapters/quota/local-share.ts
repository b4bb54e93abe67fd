import type { QuotaLimits } from './sliding-window.js';

/**
 * Share of the hourly budget a process allows itself while it cannot see the hour's calls: the shared store
 * (Redis) is away, or the stored call log (no Redis) is not read yet. It cannot see the other processes' calls, nor
 * those made before, so it assumes the rest of the hour spent.
 */
export const LOCAL_BUDGET_SHARE = 0.25;

/** The calls a process may make in an hour it cannot see: LOCAL_BUDGET_SHARE of `limits`, at least one. */
export function localLimits(limits: QuotaLimits): QuotaLimits {
  return { ...limits, rph: Math.max(1, Math.floor(limits.rph * LOCAL_BUDGET_SHARE)) };
}

/** The calls assumed spent in such an hour: the budget less the local share. */
export function assumedSpent(limits: QuotaLimits): number {
  return limits.rph - localLimits(limits).rph;
}

/** Log ids of the calls assumed spent (they count against the budget, in no lane). */
export const ASSUMED_ID_PREFIX = 'assumed:';
