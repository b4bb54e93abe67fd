import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { DomainError } from '../../domain/errors.js';
import { type Clock, systemClock } from '../../ports/clock.js';
import { type Logger, silentLogger } from '../../ports/logger.js';
import { createMemoryQuotaStore, type QuotaStore } from './quota-store.js';
import { createRedisQuotaStore, type RedisEvalClient } from './redis-quota-store.js';
import type { QuotaLimits } from './sliding-window.js';

export interface QuotaSchedulerOptions {
  /** Calls per second (WORDSTAT_RPS); default 10. */
  rps?: number;
  /** Calls per hour (WORDSTAT_RPH); default 100. */
  rph?: number;
  /** Longest a call may wait for its slot before it is refused (WORDSTAT_MAX_WAIT_MS); default 2000. */
  maxWaitMs?: number;
  /** Share the budget across processes: a node-redis client or a redis:// URL. Without it: this process only. */
  redis?: string | RedisEvalClient | undefined;
  /** Prefix of the Redis key; processes sharing one Wordstat quota must share it. Default "wordstat:". */
  keyPrefix?: string;
  /** Added to both windows, so calls bunched up by network jitter still fit upstream; default 100 ms. */
  safetyMarginMs?: number;
  /** Memory store only (Redis uses its own clock): lets tests run the rule on virtual time. */
  clock?: Clock;
  /** How to wait for a slot; injectable together with `clock` for virtual time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: Logger;
}

export interface QuotaStatus {
  hourly: { limit: number; remaining: number; resetsInSeconds: number };
  perSecond: { limit: number };
}

/** Keeps upstream calls within the per-second and per-hour quota, for one process or all sharing a Redis. */
export interface QuotaScheduler {
  /**
   * Takes one slot for a call about to be sent upstream: resolves at once or after a short wait (≤ maxWaitMs);
   * rejects with SOURCE_RATE_LIMITED (429) when the per-second limit cannot be met in time, or with
   * SOURCE_QUOTA_EXHAUSTED (403) when the hourly budget is spent; both carry retryAfterSeconds. A bound
   * function: pass it as createWordstatSource's `gate`.
   */
  readonly acquire: (method: string, signal?: AbortSignal) => Promise<void>;
  /**
   * The hourly budget: calls left (slots already granted count as spent) and seconds until the oldest counted
   * call leaves the hour window (0 when nothing is counted). A sliding hour has no single reset time.
   */
  status(): Promise<QuotaStatus>;
  /** True when `n` more upstream calls fit the hour budget now (search_volume asks before spending any). */
  canAfford(n: number): Promise<boolean>;
  /** Closes the Redis connection it opened itself (a passed-in client is left open). */
  close(): Promise<void>;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  sleepFor(ms, undefined, signal ? { signal } : undefined) as Promise<void>;

/** Creates the scheduler. Tokens are spent only by acquire(), i.e. only for calls really sent upstream. */
export function createQuotaScheduler(options: QuotaSchedulerOptions = {}): QuotaScheduler {
  const margin = options.safetyMarginMs ?? 100;
  const limits: QuotaLimits = {
    rps: options.rps ?? 10,
    rph: options.rph ?? 100,
    secondWindowMs: 1_000 + margin,
    hourWindowMs: 3_600_000 + margin,
    maxWaitMs: options.maxWaitMs ?? 2_000,
  };
  if (!(limits.rps >= 1 && limits.rph >= 1)) throw new RangeError('rps and rph must be at least 1');
  const logger = (options.logger ?? silentLogger).child({ component: 'quota' });
  const sleep = options.sleep ?? defaultSleep;
  const store: QuotaStore = options.redis
    ? createRedisQuotaStore({ redis: options.redis, key: `${options.keyPrefix ?? 'wordstat:'}quota:calls`, logger })
    : createMemoryQuotaStore(options.clock ?? systemClock);

  const acquire = async (method: string, signal?: AbortSignal): Promise<void> => {
    const id = randomUUID();
    const decision = await store.reserve(limits, id);
    if (!decision.ok) {
      const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      logger.info({ method, limit: decision.limit, retryAfterSeconds }, 'upstream call refused by the quota');
      if (decision.limit === 'hour') {
        throw new DomainError(
          'SOURCE_QUOTA_EXHAUSTED',
          `Wordstat hourly quota (${limits.rph} calls) is spent; the next call frees in ${retryAfterSeconds} s`,
          { retryAfterSeconds },
        );
      }
      throw new DomainError(
        'SOURCE_RATE_LIMITED',
        `Wordstat per-second limit (${limits.rps}/s) is reached; retry in ${retryAfterSeconds} s`,
        { retryAfterSeconds },
      );
    }
    if (decision.waitMs <= 0) return;
    try {
      await sleep(decision.waitMs, signal);
    } catch (cause) {
      // The caller gave up: hand the unused slot back, best effort.
      await store.release(id).catch(() => {});
      throw new DomainError('SOURCE_UNAVAILABLE', 'Wordstat call cancelled while waiting for the quota', { cause });
    }
  };

  const status = async (): Promise<QuotaStatus> => {
    const usage = await store.usage(limits);
    return {
      hourly: {
        limit: limits.rph,
        remaining: Math.max(0, limits.rph - usage.used),
        resetsInSeconds: Math.ceil(usage.nextFreeInMs / 1000),
      },
      perSecond: { limit: limits.rps },
    };
  };

  return {
    acquire,
    status,
    async canAfford(n) {
      if (n <= 0) return true;
      return (await status()).hourly.remaining >= n;
    },
    close: () => store.close(),
  };
}
