import { DomainError } from '../domain/errors.js';
import { type SourceCall, sourceCallKey } from '../domain/source-call.js';
import type { Clock } from '../ports/clock.js';
import type { QuotaGuard } from '../ports/quota.js';
import type { CacheStatusTracker } from '../services/cache-status.js';
import type { RequestSource } from '../services/request-source.js';
import type { SourceGateway } from '../services/source-gateway.js';
import type { FairTurns } from './fair-turns.js';
import type { TaskStore } from '../ports/task-store.js';
import { createSingleFlight } from '../domain/single-flight.js';

/** Failures that only mean "not now": a task waits and tries again, never fails on them. */
const TRANSIENT = new Set(['SOURCE_QUOTA_EXHAUSTED', 'SOURCE_RATE_LIMITED', 'SOURCE_UNAVAILABLE']);

/**
 * The source's own faults (a 500 that outlasted the adapter's retries, an answer that is not JSON or of the wrong
 * shape): nothing the keyword did, so the task waits and asks again, as for a 5xx (one garbled answer used to fail
 * a whole 50-keyword task as "the source rejected the keyword"). Unlike a spent quota these may never clear for
 * one phrase, and every retry is a paid call, so they are retried SOURCE_FAULT_ROUNDS times (about 4.5 minutes
 * of backoff) before the call fails.
 */
const SOURCE_FAULT = 'SOURCE_FAILED';
export const SOURCE_FAULT_ROUNDS = 10;

/** The task was cancelled: it makes no further calls. */
export class TaskCancelledError extends Error {
  override name = 'TaskCancelledError';
}

/**
 * A keyword (or other request) the source refused (Wordstat's INVALID_ARGUMENT): the keyword's own fault, never
 * retried. It is an INVALID_FIELD naming the keyword, so an operation that answers each keyword on its own gives
 * that keyword its error entry and delivers the others; where it is not caught the task fails with 50000 naming it.
 */
export class CallRejectedError extends DomainError {
  override name = 'CallRejectedError';
  constructor(message: string, options: { cause: unknown }) {
    super('INVALID_FIELD', message, options);
  }
}

export interface TaskSourceOptions {
  gateway: SourceGateway;
  store: TaskStore;
  turns: FairTurns;
  quota: QuotaGuard | undefined;
  clock: Clock;
  keyId: string;
  tracker: CacheStatusTracker;
  /** Answers already stored for this task's calls (a resumed task answers them at once, for free). */
  stored: Map<string, unknown>;
  /** Called once per distinct call answered, and with `spent` when that answer cost an upstream call. */
  onAnswered(callKey: string, spent: boolean): void;
  signal: AbortSignal;
  /** Throws when the task may not spend any more (cancelled): asked right before each upstream call. */
  beforeUpstreamCall?(): Promise<void>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/**
 * The source as a task sees it: every distinct call answered once, from the stored answers, the cache, or an
 * upstream call made in this key's turn within the tasks' share of the budget. Each answer is stored durably as
 * soon as it arrives, so a task killed mid-way repeats no call whose answer was stored.
 */
export function createTaskSource(options: TaskSourceOptions): RequestSource {
  const { gateway, store, turns, quota, clock, signal, tracker } = options;
  // Kept for the run: a call asked twice in one task is answered once, even after the first has finished.
  const pending = createSingleFlight<string, unknown>({ keepSettled: true });

  const answer = async (call: SourceCall, key: string): Promise<unknown> => {
    if (options.stored.has(key)) {
      tracker.record('HIT');
      options.onAnswered(key, false);
      return options.stored.get(key);
    }
    let sourceFaults = 0;
    for (let attempt = 0; ; attempt++) {
      signal.throwIfAborted();
      let result;
      try {
        if (await gateway.isFresh(call)) {
          result = await gateway.call(call as never);
        } else {
          const ticket = await turns.turn(options.keyId, signal);
          await options.beforeUpstreamCall?.().catch(async (error: unknown) => {
            if (ticket && quota) await quota.spendTicket(ticket, async () => {}); // end the turn unused
            throw error;
          });
          const fetch = () => gateway.call(call as never);
          result = ticket && quota ? await quota.spendTicket(ticket, fetch) : await fetch();
        }
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (error instanceof TaskCancelledError) throw error;
        if (!(error instanceof DomainError)) throw error; // our own trouble: the job engine retries the run
        const waits = TRANSIENT.has(error.code) || (error.code === SOURCE_FAULT && ++sourceFaults < SOURCE_FAULT_ROUNDS);
        if (!waits) throw failedCall(call, error, sourceFaults);
        await options.sleep(backoffMs(error, attempt), signal);
        continue;
      }
      // A stale answer stands in for a failing source on live routes; a task waits for a fresh one instead.
      if (result.status === 'STALE') {
        await options.sleep(backoffMs(undefined, attempt), signal);
        continue;
      }
      tracker.record(result.status);
      await store.putAnswer(key, result.value, new Date(clock.now()));
      options.onAnswered(key, result.status === 'MISS');
      return result.value;
    }
  };

  const load = (call: SourceCall): Promise<never> => {
    const key = sourceCallKey(call);
    return pending.run(key, () => answer(call, key)) as Promise<never>;
  };

  return {
    top: (query) => load({ method: 'top', query }),
    dynamics: (query) => load({ method: 'dynamics', query }),
    regions: (query) => load({ method: 'regions', query }),
    async countUncached(calls) {
      const distinct = [...new Map(calls.map((call) => [sourceCallKey(call), call])).values()];
      const fresh = await Promise.all(distinct.map((c) => options.stored.has(sourceCallKey(c)) || gateway.isFresh(c)));
      return fresh.filter((isFresh) => !isFresh).length;
    },
  };
}

/** The source's own Retry-After when it gave one, else 1 s doubling to a minute. */
export function backoffMs(error: DomainError | undefined, attempt: number): number {
  if (error?.retryAfterSeconds !== undefined) return Math.max(1, error.retryAfterSeconds) * 1000;
  return Math.min(60_000, 1_000 * 2 ** Math.min(attempt, 6));
}

/** Why a call gives up, naming its keyword: refused by the source, or a source fault that outlasted its rounds. */
function failedCall(call: SourceCall, error: DomainError, tries: number): DomainError {
  const keyword = `"${call.query.phrase}"`;
  if (error.code === 'INVALID_FIELD') return new CallRejectedError(`the source rejected the keyword ${keyword}: ${error.message}`, { cause: error });
  if (error.code === SOURCE_FAULT) {
    return new DomainError(SOURCE_FAULT, `the source kept failing for the keyword ${keyword} (${tries} tries): ${error.message}`, { cause: error });
  }
  return error;
}
