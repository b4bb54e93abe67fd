import { setTimeout as sleepFor } from 'node:timers/promises';
import { DomainError, type ErrorCode } from '../domain/errors.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import type { Clock } from '../ports/clock.js';
import type { Ledger } from '../ports/ledger.js';
import type { Logger } from '../ports/logger.js';
import type { QuotaGuard } from '../ports/quota.js';
import type { Prices } from '../services/billing.js';
import { createCacheStatusTracker } from '../services/cache-status.js';
import type { KeywordDataDeps } from '../services/context.js';
import type { SourceGateway } from '../services/source-gateway.js';
import type { FairTurns } from './fair-turns.js';
import { billCancelledTask } from './task-billing.js';
import { CallRejectedError, createTaskSource, TaskCancelledError } from './task-source.js';
import { taskSpecOf, type TaskOperationSpecs } from './task-operations.js';
import { plannedCallsOf, plannedSearchesOf, taskContextOf } from './task-plan.js';
import { createTaskSerpSource, taskSearchMode } from './task-serp-source.js';
import { taskCost } from './task-billing.js';
import type { SerpGateway } from '../services/serp-gateway.js';
import type { TaskStore } from '../ports/task-store.js';
import { FINISHED, type TaskRecord } from '../domain/tasks.js';
import type { CoreCleaningDeps } from '../ports/morphology.js';

export interface TaskRunnerDeps {
  store: TaskStore;
  gateway: SourceGateway;
  /** Web search, when the service has it: a task's pages are asked on its deferred mode. */
  serp?: SerpGateway | undefined;
  quota: QuotaGuard | undefined;
  turns: FairTurns;
  clock: Clock;
  timeZone: string;
  catalog: RegionCatalog;
  keywordData?: KeywordDataDeps | undefined;
  core?: CoreCleaningDeps | undefined;
  sourceKind: string;
  prices: Prices;
  ledger: Ledger;
  logger: Logger;
  /** How long a stored answer counts as fresh (CACHE_TTL). */
  freshTtlMs: number;
  /** Calls one task keeps waiting for turns at once (SOURCE_CONCURRENCY). */
  concurrency: number;
  /** The task operations (from the operation registry). */
  operations: TaskOperationSpecs;
  /** Told when a task ends done or failed (notifications). */
  onFinished?(task: TaskRecord): void;
  /** How often progress is written and cancellation looked for (default 1 s). */
  pollMs?: number;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

/** `finished`: nothing left to do; `unfinished`: stopped by `signal` (end of a slice, shutdown), to be resumed. */
export type RunResult = 'finished' | 'unfinished';

export interface TaskRunner {
  run(taskId: string, signal: AbortSignal): Promise<RunResult>;
}

const defaultSleep = (ms: number, signal: AbortSignal) => sleepFor(ms, undefined, { signal }) as Promise<void>;

/**
 * Runs one task: the operation's own service function over a task source (stored answers, cache, fair turns in
 * the tasks' share of the budget), progress written as it goes, the result and the price stored when it ends,
 * one ledger row. Safe to run again after a crash or on another process: answers stored are not fetched again.
 */
export function createTaskRunner(deps: TaskRunnerDeps): TaskRunner {
  const sleep = deps.sleep ?? defaultSleep;
  const pollMs = deps.pollMs ?? 1_000;

  return {
    async run(taskId, outer) {
      const task = await deps.store.get(taskId, { withResult: false });
      if (!task || FINISHED.has(task.status)) return 'finished';
      const spec = taskSpecOf(deps.operations, task.operation);
      const inner = new AbortController();
      const abort = () => inner.abort(outer.reason);
      outer.addEventListener('abort', abort, { once: true });
      const tracker = createCacheStatusTracker();
      const answered = new Set<string>();
      let spent = task.spent;
      const base = taskContextOf(deps, task, tracker);
      const planned = [...plannedCallsOf(deps.operations, base, task).keys(), ...(deps.serp ? plannedSearchesOf(deps.operations, base, task).keys() : [])];
      const stored = await deps.store.answers(planned, new Date(deps.clock.now() - deps.freshTtlMs));
      // calls_total was fixed at post: the planned calls not fresh in the cache then. Those that were are answered
      // first, for free, and are counted neither as done nor in the total.
      const skipped = Math.max(0, planned.length - task.callsTotal);
      const done = () => Math.max(0, answered.size - skipped);
      const total = () => Math.max(planned.length - skipped, done());
      if (!(await deps.store.start(taskId, total(), new Date(deps.clock.now())))) return 'finished';
      let cancelled = false;
      let checkedAt = -Infinity;
      const shared = {
        store: deps.store,
        clock: deps.clock,
        tracker,
        stored,
        signal: inner.signal,
        sleep,
        beforeUpstreamCall: async () => {
          // The stored status is read at most every pollMs (the watch below reads it too): cheap per call, and a
          // cancel from any process stops the calls within that time.
          if (deps.clock.now() - checkedAt >= pollMs || checkedAt > deps.clock.now()) {
            checkedAt = deps.clock.now();
            if ((await deps.store.status(taskId)) === 'cancelled') cancelled = true;
          }
          if (cancelled) throw new TaskCancelledError(`task ${taskId} is cancelled`);
        },
        onAnswered: (key: string, upstream: boolean) => {
          answered.add(key);
          // The first paid answer is written at once: a task resumed after a crash must still bill the call price.
          if (upstream && !spent) void deps.store.progress(taskId, done(), total(), true).catch(() => {});
          spent ||= upstream;
        },
      };
      const source = createTaskSource({ ...shared, gateway: deps.gateway, turns: deps.turns, quota: deps.quota, keyId: task.keyId });
      const serp = deps.serp && createTaskSerpSource({ ...shared, gateway: deps.serp, mode: await taskSearchMode(deps.serp, task.callsTotal) });
      // Progress and cancellation: cancel may come from another process, so the stored status is the truth.
      const watch = setInterval(() => {
        void (async () => {
          const status = await deps.store.status(taskId);
          if (status === 'cancelled') {
            cancelled = true;
            inner.abort(new Error('task cancelled'));
          } else await deps.store.progress(taskId, done(), total(), spent);
        })().catch((error: unknown) => deps.logger.warn({ err: error, taskId }, 'task progress not saved'));
      }, pollMs);
      try {
        const output = await spec.run({ ...base, source, ...(serp ? { serp } : {}) }, task.request);
        // An operation that never asks the source is free as a task too; so is one that asks only for some inputs
        // (core_clean's measure) when this task's plan held no call.
        const free = spec.free === true || (spec.free === 'unless-asked' && planned.length === 0 && !spent && tracker.count() === 0);
        const cost = free ? 0 : taskCost(deps.prices, tracker, spent);
        await finish(task, { status: 'done', result: output, cost }, spent || tracker.summary() === 'MISS' ? 'MISS' : 'HIT');
        return 'finished';
      } catch (error) {
        if (cancelled || error instanceof TaskCancelledError || (await deps.store.status(taskId)) === 'cancelled') {
          await billCancelledTask(deps, task, spent);
          return 'finished';
        }
        if (outer.aborted) return 'unfinished';
        const failure = failureOf(error);
        if (!failure) throw error; // our own trouble (database down): the job engine retries the run
        // What it fetched is cached for the corrected re-post, so a failed task that spent calls pays for them.
        await finish(task, { status: 'failed', cost: spent ? deps.prices.call : 0, ...failure }, tracker.summary());
        return 'finished';
      } finally {
        clearInterval(watch);
        outer.removeEventListener('abort', abort);
      }
    },
  };

  async function finish(
    task: TaskRecord,
    outcome: { status: 'done' | 'failed'; result?: unknown; cost: number; errorCode?: ErrorCode; errorMessage?: string },
    cacheStatus: 'HIT' | 'MISS' | 'STALE',
  ) {
    const finishedAt = new Date(deps.clock.now());
    if (!(await deps.store.finish(task.id, { ...outcome, finishedAt }))) return;
    // One ledger row per task: billed as one call (the repeat price when every answer came from the cache).
    deps.ledger.record({
      at: finishedAt,
      keyId: task.keyId,
      operation: `v1.${task.operation}.task`,
      cacheStatus,
      status: outcome.status === 'done' ? 200 : 500,
      price: outcome.cost,
    });
    deps.logger.info({ taskId: task.id, status: outcome.status, cost: outcome.cost }, 'task finished');
    // Without its rows: the notifier reads what it posts when it delivers.
    const ended = await deps.store.get(task.id, { withResult: false });
    if (ended) deps.onFinished?.(ended);
  }
}

/** How a task fails on an error of its request (a rejected keyword, a bad field); undefined for our own errors. */
function failureOf(error: unknown): { errorCode: ErrorCode; errorMessage: string } | undefined {
  // A keyword the source rejected fails the task as the source's failure (the spec's 500), not as a bad field.
  if (error instanceof CallRejectedError) return { errorCode: 'SOURCE_FAILED', errorMessage: error.message };
  if (error instanceof DomainError && error.code !== 'INTERNAL') {
    return { errorCode: error.code, errorMessage: error.message };
  }
  return undefined;
}
