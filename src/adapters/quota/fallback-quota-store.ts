import type { Clock } from '../../ports/clock.js';
import type { DependencyHealth } from '../../ports/health.js';
import type { Logger } from '../../ports/logger.js';
import { LOCAL_BUDGET_SHARE, localLimits } from './local-share.js';
import { createMemoryQuotaStore, type QuotaStore } from './quota-store.js';
import type { QuotaLimits } from './sliding-window.js';

/** How long the shared store is left alone after it failed, before it is tried again. */
export const RETRY_SHARED_AFTER_MS = 10_000;

/**
 * The shared (Redis) call log, and a local, conservative one while it is unreachable or frozen: every data
 * request used to answer 503 "Quota store unavailable" during a Redis outage. Locally a process allows itself
 * LOCAL_BUDGET_SHARE of the hour (it cannot see the other processes' calls, nor the calls made before the
 * outage), and tries the shared store again every RETRY_SHARED_AFTER_MS (`retrySharedAfterMs`). checkHealth says
 * which one is in use.
 *
 * When the shared store answers again, the calls made on the local budget are written into it first (`absorb`,
 * under their own ids, so a reservation the frozen Redis still ran when it thawed is not counted twice) and only
 * then is it used: they are in the hour as much as the others. Before, they were forgotten (121 calls in a
 * 100-call hour: 10, Redis frozen, 25 on the local budget, thawed → "86 remaining").
 */
export function createFallbackQuotaStore(
  shared: QuotaStore,
  options: { clock: Clock; logger: Logger; retrySharedAfterMs?: number },
): QuotaStore & {
  checkHealth(): Promise<DependencyHealth>;
} {
  const retryAfterMs = options.retrySharedAfterMs ?? RETRY_SHARED_AFTER_MS;
  let local = createMemoryQuotaStore(options.clock);
  let sharedDownUntil = Number.NEGATIVE_INFINITY;
  let reason = '';
  // The hour window the callers use, for reading the local log back (release has no limits of its own).
  let window: QuotaLimits | undefined;
  let writingBack: Promise<void> | undefined;

  const writeBack = async () => {
    if (!window) return;
    const made = await local.log(window);
    if (made.ids.length > 0) {
      if (!shared.absorb) {
        options.logger.warn({ calls: made.ids.length }, 'quota store: the calls made on the local budget cannot be written back');
      } else {
        await shared.absorb(made.ids.map((id, i) => ({ id, at: made.times[i] as number })), window);
      }
    }
    local = createMemoryQuotaStore(options.clock);
    options.logger.info({ calls: made.ids.length }, 'quota store: Redis is back; the calls made on the local budget are in the shared log');
  };

  const either = async <T>(limits: QuotaLimits | undefined, onShared: () => Promise<T>, onLocal: () => Promise<T>): Promise<T> => {
    window ??= limits;
    if (options.clock.now() < sharedDownUntil) return onLocal();
    try {
      if (sharedDownUntil !== Number.NEGATIVE_INFINITY) {
        await (writingBack ??= writeBack().finally(() => (writingBack = undefined)));
      }
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
      sharedDownUntil = options.clock.now() + retryAfterMs;
      return onLocal();
    }
  };

  return {
    reserve: (limits, id) => either(limits, () => shared.reserve(limits, id), () => local.reserve(localLimits(limits), id)),
    release: (id) => either(undefined, () => shared.release(id), () => local.release(id)),
    usage: (limits) => either(limits, () => shared.usage(limits), () => local.usage(localLimits(limits))),
    log: (limits) => either(limits, () => shared.log(limits), () => local.log(localLimits(limits))),
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
