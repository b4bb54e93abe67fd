import { DomainError } from '../domain/errors.js';
import type { SourceCall } from '../domain/source-call.js';
import type { ServiceContext } from './context.js';

/**
 * Refuses a fan-out request at once, before it spends anything, when its uncached source calls cannot all fit
 * the remaining hourly budget: half an answer would burn quota and still fail (no partial results).
 */
export async function ensureQuotaFor(ctx: ServiceContext, calls: readonly SourceCall[]): Promise<void> {
  if (!ctx.quota || calls.length === 0) return;
  const needed = await ctx.source.countUncached(calls);
  if (needed === 0 || (await ctx.quota.canAfford(needed))) return;
  const { hourly } = await ctx.quota.status();
  throw new DomainError(
    'SOURCE_QUOTA_EXHAUSTED',
    `this request needs ${needed} uncached source calls but only ${hourly.remaining} of ${hourly.limit} remain this hour`,
    { retryAfterSeconds: Math.max(1, hourly.resetsInSeconds) },
  );
}
