import { DomainError } from '../domain/errors.js';
import type { QuotaStatus } from '../ports/quota.js';
import type { Principal } from './auth/authenticator.js';
import type { ServiceContext } from './context.js';
import type { UsageRange, UsageReport } from './usage.js';

/** The upstream budget as the caller sees it; null budgets for a source without one (the demo). */
export interface QuotaView {
  source: string;
  hourly: QuotaStatus['hourly'] | null;
  perSecond: QuotaStatus['perSecond'] | null;
}

/** The remaining upstream budget (Wordstat has no quota method: this is the service's own count). */
export async function getQuota(ctx: ServiceContext): Promise<QuotaView> {
  const source = ctx.sourceKind ?? 'unknown';
  if (!ctx.quota) return { source, hourly: null, perSecond: null };
  const status = await ctx.quota.status();
  return { source, hourly: status.hourly, perSecond: status.perSecond };
}

/** The caller's own calls, hits and spend by day and operation. */
export async function getOwnUsage(ctx: ServiceContext, principal: Principal, range: UsageRange): Promise<UsageReport> {
  if (!ctx.usage) {
    throw new DomainError('SERVICE_UNAVAILABLE', 'usage reports need the database (DATABASE_URL or the embedded one)');
  }
  return ctx.usage.forKey(principal.keyId, range);
}
