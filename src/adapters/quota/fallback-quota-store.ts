import type { Clock } from '../../ports/clock.js';
import type { DependencyHealth } from '../../ports/health.js';
import type { Logger } from '../../ports/logger.js';
import { createMemoryQuotaStore, type QuotaStore } from './quota-store.js';
import type { QuotaLimits } from './sliding-window.js';

/** Share of the hourly budget a process allows itself while the shared store is away. */
export const LOCAL_BUDGET_SHARE = 0.25;
/** How long the shared store is left alone after it failed, before it is tried again. */
export const RETRY_SHARED_AFTER_MS = 10_000;

/**
 * The shared (Redis) call log, and a local, conservative one while it is unreachable or frozen: every data
 * request used to answer 503 "Quota store unavailable" during a Redis outage. Locally a process allows itself
 * LOCAL_BUDGET_SHARE of the hour (it cannot see the other processes' calls, nor the calls made before the
 * outage), and tries the shared store again every RETRY_SHARED_AFTER_MS. checkHealth says which one is in use.
 */
export function createFallbackQuotaStore(shared: QuotaStore, options: { clock: Clock; logger: Logger }): QuotaStore & {
  checkHealth(): Promise<DependencyHealth>;
} {
  const local = createMemoryQuotaStore(options.clock);
  let sharedDownUntil = Number.NEGATIVE_INFINITY;
  let reason = '';
  const localLimits = (limits: QuotaLimits): QuotaLimits => ({ ...limits, rph: Math.max(1, Math.floor(limits.rph * LOCAL_BUDGET_SHARE)) });

  const either = async <T>(onShared: () => Promise<T>, onLocal: () => Promise<T>): Promise<T> => {
    if (options.clock.now() < sharedDownUntil) return onLocal();
    try {
      const result = await onShared();
      if (sharedDownUntil !== Number.NEGATIVE_INFINITY) {
        options.logger.info({}, 'quota store: Redis is back; the shared budget is in use again');
        sharedDownUntil = Number.NEGATIVE_INFINITY;
      }
      return result;
    } catch (error) {
      if (sharedDownUntil === Number.NEGATIVE_INFINITY) {
        options.logger.warn({ reason: String(error) }, 'quota store: Redis unreachable; using a local, conservative budget');
      }
      reason = error instanceof Error ? error.message : String(error);
      sharedDownUntil = options.clock.now() + RETRY_SHARED_AFTER_MS;
      return onLocal();
    }
  };

  return {
    reserve: (limits, id) => either(() => shared.reserve(limits, id), () => local.reserve(localLimits(limits), id)),
    release: (id) => either(() => shared.release(id), () => local.release(id)),
    usage: (limits) => either(() => shared.usage(limits), () => local.usage(localLimits(limits))),
    log: (limits) => either(() => shared.log(limits), () => local.log(localLimits(limits))),
    close: () => shared.close(),
    async checkHealth() {
      if (options.clock.now() >= sharedDownUntil) return { status: 'ok', detail: 'shared (Redis)' };
      return {
        status: 'degraded',
        detail: `Redis unreachable (${reason}): a local budget of ${Math.round(LOCAL_BUDGET_SHARE * 100)}% of the hour in this process`,
      };
    },
  };
}
