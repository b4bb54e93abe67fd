import { DomainError } from '../domain/errors.js';
import { createSingleFlight } from '../domain/single-flight.js';
import type { SerpPage } from '../ports/web-search.js';
import type { TaskStore } from '../ports/task-store.js';
import type { Clock } from '../ports/clock.js';
import type { CacheStatusTracker } from '../services/cache-status.js';
import type { SerpRequestSource } from '../services/serp.js';
import { type SearchMode, type SerpGateway, serpCallKey } from '../services/serp-gateway.js';
import { MAX_LIVE_CALLS_PER_REQUEST } from '../domain/requests/live-limits.js';
import { backoffMs, TaskCancelledError } from './task-source.js';

/** Failures that only mean "not now" (the deferred budget spent, the engine down): a task waits and asks again. */
const TRANSIENT = new Set(['SOURCE_QUOTA_EXHAUSTED', 'SOURCE_RATE_LIMITED', 'SOURCE_UNAVAILABLE']);
/**
 * Deferred searches a task keeps waiting at once: each answer takes minutes, so only the budget's gate may set the
 * pace (rate × latency must fit: 10/s × 5 min is 3,000); a task's whole list (10,000 pages) may wait, each
 * polled every SEARCH_POLL_INTERVAL.
 */
const DEFERRED_SEARCHES_IN_FLIGHT = 10_000;
/** Engine faults are retried this many times (each retry may be a paid search), then the task fails naming the phrase. */
const SEARCH_FAULT_ROUNDS = 5;

/**
 * Which mode a task searches on: a small one (no more uncached pages than one live request may search) on the
 * synchronous mode when its hour's budget has room for them all now; a big one (or a small one the
 * sync budget cannot take now) on the deferred mode, whose answers take at least 5 minutes.
 */
export async function taskSearchMode(serp: SerpGateway, uncached: number): Promise<SearchMode> {
  if (!serp.hasDeferredMode) return 'sync';
  if (uncached > MAX_LIVE_CALLS_PER_REQUEST) return 'deferred';
  // canAfford reads the hour's budget without holding any of it (planLive holds what it grants).
  const quota = serp.quota('sync');
  return quota === undefined || (await quota.canAfford(uncached)) ? 'sync' : 'deferred';
}

export interface TaskSerpSourceOptions {
  gateway: SerpGateway;
  /** The mode its pages are asked on (taskSearchMode). */
  mode: SearchMode;
  store: TaskStore;
  clock: Clock;
  tracker: CacheStatusTracker;
  /** Answers already stored for this task (a resumed task reads them, for free). */
  stored: Map<string, unknown>;
  onAnswered(key: string, spent: boolean): void;
  signal: AbortSignal;
  /** Throws when the task may not spend any more (cancelled): asked right before each search that is not cached. */
  beforeUpstreamCall?(): Promise<void>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/**
 * Web search as a task sees it: pages asked on the task's mode (taskSearchMode: big tasks on the deferred mode,
 * the bigger budget, an answer in minutes, which a task can wait for), each page once per task, stored for the task as it arrives (a resumed task asks it
 * again from the store), a spent budget or an engine outage waited out instead of failing the task. The plan is
 * the task's own (counted at post); a task is never refused for its size.
 */
export function createTaskSerpSource(options: TaskSerpSourceOptions): SerpRequestSource {
  const { gateway, store, clock, tracker, signal } = options;
  const pending = createSingleFlight<string, SerpPage>({ keepSettled: true });

  const answer = async (key: string, query: Parameters<SerpGateway['page']>[0]): Promise<SerpPage> => {
    if (options.stored.has(key)) {
      tracker.record('HIT', 'search');
      options.onAnswered(key, false);
      return options.stored.get(key) as SerpPage;
    }
    let faults = 0;
    for (let attempt = 0; ; attempt++) {
      signal.throwIfAborted();
      let result;
      try {
        if (!(await gateway.isFresh(query))) await options.beforeUpstreamCall?.();
        result = await gateway.page(query, options.mode);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (error instanceof TaskCancelledError || !(error instanceof DomainError)) throw error;
        const waits = TRANSIENT.has(error.code) || (error.code === 'SOURCE_FAILED' && ++faults < SEARCH_FAULT_ROUNDS);
        if (!waits) throw new DomainError(error.code, `web search failed for the phrase "${query.phrase}": ${error.message}`, { cause: error });
        await options.sleep(backoffMs(error, attempt), signal);
        continue;
      }
      // A stale page stands in for a failing engine on live routes; a task waits for a fresh one instead.
      if (result.status === 'STALE') {
        await options.sleep(backoffMs(undefined, attempt), signal);
        continue;
      }
      tracker.record(result.status, 'search');
      await store.putAnswer(key, result.value, new Date(clock.now()));
      options.onAnswered(key, result.status === 'MISS');
      return result.value;
    }
  };

  return {
    ...(options.mode === 'deferred' ? { inFlight: DEFERRED_SEARCHES_IN_FLIGHT } : {}),
    plan: async () => {},
    page: (query) => {
      const key = serpCallKey(query);
      return pending.run(key, () => answer(key, query));
    },
  };
}
