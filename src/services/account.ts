import { DomainError } from '../domain/errors.js';
import type { QuotaLanes, QuotaStatus } from '../ports/quota.js';
import type { Principal } from './auth/authenticator.js';
import type { ServiceContext } from './context.js';
import type { UsageRange, UsageReport } from './usage.js';

/** The upstream budget as the caller sees it; null budgets for a source without one (the demo). */
export interface QuotaView {
  source: string;
  hourly: QuotaStatus['hourly'] | null;
  perSecond: QuotaStatus['perSecond'] | null;
  /** The live reserve and this hour's calls by tasks and by live requests (null without a budget). */
  lanes: QuotaLanes | null;
  /** Source calls (keywords) that queued and running tasks still wait for (null when the service keeps no tasks). */
  keywordsWaiting: number | null;
}

/** The remaining upstream budget (Wordstat has no quota method: this is the service's own count). */
export async function getQuota(ctx: ServiceContext): Promise<QuotaView> {
  const source = ctx.sourceKind ?? 'unknown';
  const keywordsWaiting = ctx.tasks ? (await ctx.tasks.counts()).keywordsWaiting : null;
  if (!ctx.quota) return { source, hourly: null, perSecond: null, lanes: null, keywordsWaiting };
  const [status, lanes] = await Promise.all([ctx.quota.status(), ctx.quota.lanes()]);
  return { source, hourly: status.hourly, perSecond: status.perSecond, lanes, keywordsWaiting };
}

/** The caller's own calls, hits and spend by day and operation. */
export async function getOwnUsage(ctx: ServiceContext, principal: Principal, range: UsageRange): Promise<UsageReport> {
  if (!ctx.usage) {
    throw new DomainError('SERVICE_UNAVAILABLE', 'usage reports need the database (DATABASE_URL or the embedded one)');
  }
  return ctx.usage.forKey(principal.keyId, range);
}
