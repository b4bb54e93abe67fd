import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { DomainError } from '../../domain/errors.js';
import { type Clock, systemClock } from '../../ports/clock.js';
import { type Logger, silentLogger } from '../../ports/logger.js';
import { createMemoryQuotaStore, type QuotaStore } from './quota-store.js';
import type { DependencyHealth, HealthReporter } from '../../ports/health.js';
import type { QuotaLogPersistence } from '../../ports/quota-log.js';
import { createFallbackQuotaStore } from './fallback-quota-store.js';
import { createRedisQuotaStore, type RedisEvalClient } from './redis-quota-store.js';
import type { QuotaLimits } from './sliding-window.js';
import type { LivePlan, QuotaGuard, QuotaLanes, TaskTicket } from '../../ports/quota.js';
import { countLanes, laneId, planCalls, slotTimes } from './quota-plan.js';

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
  /** Calls per hour that tasks never use, kept for live requests (LIVE_RESERVE_CALLS); default 20. */
  liveReserve?: number;
  /** Length of the budget hour (tests and benches shorten it: WORDSTAT_HOUR_MS); default one hour. */
  hourMs?: number;
  /** Added to both windows, so calls bunched up by network jitter still fit upstream; default 100 ms. */
  safetyMarginMs?: number;
  /** Memory store only (Redis uses its own clock): lets tests run the rule on virtual time. */
  clock?: Clock;
  /** Without Redis: where this process keeps its hour of calls across restarts (the ledger's database). */
  persistence?: QuotaLogPersistence | undefined;
  /** How to wait for a slot; injectable together with `clock` for virtual time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: Logger;
}

export type { QuotaStatus } from '../../ports/quota.js';
import type { QuotaStatus } from '../../ports/quota.js';

/** Keeps upstream calls within the per-second and per-hour quota, for one process or all sharing a Redis. */
export interface QuotaScheduler extends QuotaGuard {
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
  /** Closes the Redis connection it opened itself (a passed-in client is left open). */
  close(): Promise<void>;
  /** Which call log is in use: the shared one, or (degraded) the local fallback while Redis is away. */
  checkHealth(): Promise<DependencyHealth>;
}

/** A turn for one task call; settled once the call took its slot or turned out not to need one. */
interface Ticket extends TaskTicket {
  settle(): void;
}

function createTicket(): Ticket {
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  return { id: randomUUID(), settled, settle };
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  sleepFor(ms, undefined, signal ? { signal } : undefined) as Promise<void>;

/** How much longer than its pacing a live plan's hold lasts (slow answers, retries). */
const HOLD_SLACK_MS = 30_000;

/** Creates the scheduler. Tokens are spent only by acquire(), i.e. only for calls really sent upstream. */
export function createQuotaScheduler(options: QuotaSchedulerOptions = {}): QuotaScheduler {
  const margin = options.safetyMarginMs ?? 100;
  const limits: QuotaLimits = {
    rps: options.rps ?? 10,
    rph: options.rph ?? 100,
    secondWindowMs: 1_000 + margin,
    hourWindowMs: (options.hourMs ?? 3_600_000) + margin,
    maxWaitMs: options.maxWaitMs ?? 2_000,
  };
  if (!(limits.rps >= 1 && limits.rph >= 1)) throw new RangeError('rps and rph must be at least 1');
  // Tasks plan and reserve against the hour minus the live reserve; at least one call, or they could never run.
  const liveReserve = Math.min(options.liveReserve ?? 20, limits.rph - 1);
  const taskLimits: QuotaLimits = { ...limits, rph: limits.rph - Math.max(0, liveReserve) };
  const logger = (options.logger ?? silentLogger).child({ component: 'quota' });
  const sleep = options.sleep ?? defaultSleep;
  const store: QuotaStore & Partial<HealthReporter> = options.redis
    ? createFallbackQuotaStore(createRedisQuotaStore({ redis: options.redis, key: `${options.keyPrefix ?? 'wordstat:'}quota:calls`, logger }), {
        clock: options.clock ?? systemClock,
        logger,
      })
    : createMemoryQuotaStore(options.clock ?? systemClock, options.persistence, logger);

  // A task call runs under its ticket: its attempts reserve slots in the tasks' share of the hour at the moment
  // they are sent (so the log holds the true send times), waiting as long as it takes.
  const taskContext = new AsyncLocalStorage<{ ticket: Ticket }>();

  // Calls promised to live requests whose plan passed but which have not made them yet (this process). They count
  // as taken for every later plan and for the tasks' share, so a live request that passed its plan gets its calls:
  // before, a task took the slots meanwhile and the request failed with 403 after 76 of its 80 calls. Each live call
  // made uses one up; what a request does not use (cache hits, coalesced calls) lapses after the hold's lifetime.
  const holds: { count: number; until: number }[] = [];
  const now = () => (options.clock ?? systemClock).now();
  const heldCalls = (): number => {
    const at = now();
    while (holds.length > 0 && (holds[0]!.until <= at || holds[0]!.count <= 0)) holds.shift();
    return holds.reduce((sum, hold) => sum + (hold.until > at ? hold.count : 0), 0);
  };
  const useHold = () => {
    heldCalls(); // drop lapsed ones first
    const hold = holds.find((h) => h.count > 0);
    if (hold) hold.count--;
  };
  /** The log with the held calls placed at `at`, as if already made (the log is sorted; `at` is its newest time). */
  const withHolds = (times: readonly number[], at: number): number[] => {
    const held = heldCalls();
    return held === 0 ? [...times] : [...times, ...Array<number>(held).fill(at)];
  };

  const reserveTaskSlot = async (signal?: AbortSignal): Promise<void> => {
    for (;;) {
      signal?.throwIfAborted();
      const id = laneId('task', randomUUID());
      const decision = await store.reserve(taskLimits, id);
      const waitMs = decision.ok ? decision.waitMs : decision.retryAfterMs;
      if (waitMs > 0) {
        try {
          await sleep(waitMs, signal);
        } catch (cause) {
          if (decision.ok) await store.release(id).catch(() => {});
          throw cause;
        }
      }
      if (decision.ok) return;
    }
  };

  // Waits until the log has room for a task call now, without taking it: the call takes it when it is sent.
  const takeTaskSlot = async (signal?: AbortSignal): Promise<TaskTicket> => {
    for (;;) {
      signal?.throwIfAborted();
      const log = await store.log(taskLimits);
      const [at] = slotTimes(withHolds(log.times, log.now), log.now, taskLimits, 1, taskLimits.rph);
      const waitMs = (at as number) - log.now;
      if (waitMs <= 0) return createTicket();
      await sleep(waitMs, signal);
    }
  };

  const acquire = async (method: string, signal?: AbortSignal): Promise<void> => {
    const task = taskContext.getStore();
    if (task) {
      await reserveTaskSlot(signal);
      task.ticket.settle(); // the turn is used: the next one may be handed out
      return;
    }
    useHold(); // this call is in the log from now on: the hold it had (if any) is no longer needed
    const id = laneId('live', randomUUID());
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
    async planLive(n): Promise<LivePlan> {
      const log = await store.log(limits);
      const plan = planCalls(withHolds(log.times, log.now), log.now, limits, n);
      if (plan.ok) {
        // Held long enough for the calls to be paced at the per-second rate, with room for slow answers.
        holds.push({ count: n, until: now() + limits.maxWaitMs + Math.ceil(n / limits.rps) * 1_000 + HOLD_SLACK_MS });
        return plan;
      }
      const ms = plan.retryAfterMs;
      return { ok: false, limit: plan.limit, retryAfterSeconds: ms === undefined ? undefined : Math.max(1, Math.ceil(ms / 1000)) };
    },
    async lanes(): Promise<QuotaLanes> {
      const log = await store.log(limits);
      const counts = countLanes(log.ids);
      return { liveReserve: limits.rph - taskLimits.rph, usedByTasks: counts.task, usedByLive: counts.live };
    },
    takeTaskSlot,
    async spendTicket(ticket, fn) {
      const own = ticket as Ticket;
      try {
        return await taskContext.run({ ticket: own }, fn);
      } finally {
        own.settle(); // no call was needed (cache, or another caller's call): the turn is over all the same
      }
    },
    async taskCallsWithinMs(n) {
      if (n <= 0) return 0;
      const log = await store.log(limits);
      const times = slotTimes(withHolds(log.times, log.now), log.now, limits, n, taskLimits.rph);
      return Math.max(0, (times[times.length - 1] as number) - log.now);
    },
    close: () => store.close(),
    checkHealth: async () => (store.checkHealth ? store.checkHealth() : { status: 'ok', detail: 'this process (memory)' }),
  };
}
