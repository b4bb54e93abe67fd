import { todayIn } from '../domain/dates/calendar.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { type SourceCall, sourceCallKey } from '../domain/source-call.js';
import type { Clock } from '../ports/clock.js';
import type { CacheStatusTracker } from '../services/cache-status.js';
import type { KeywordDataDeps, ServiceContext } from '../services/context.js';
import type { SourceGateway } from '../services/source-gateway.js';
import { type SerpGateway, serpCallKey } from '../services/serp-gateway.js';
import type { SerpQuery } from '../ports/web-search.js';
import { taskSpecOf, type TaskOperationSpecs } from './task-operations.js';
import type { TaskStore } from '../ports/task-store.js';
import type { TaskRecord } from '../domain/tasks.js';
import type { CoreCleaningDeps } from '../ports/morphology.js';

/** What a task's plan is made from: the same context the run gets, and where answers may already be. */
export interface TaskPlanDeps {
  timeZone: string;
  catalog: RegionCatalog;
  keywordData?: KeywordDataDeps | undefined;
  core?: CoreCleaningDeps | undefined;
  sourceKind: string;
  concurrency: number;
  store: TaskStore;
  gateway: SourceGateway;
  /** Web search, when the service has it (tasks of operations that search ask their pages through it). */
  serp?: SerpGateway | undefined;
  clock: Clock;
  /** How long a stored answer counts as fresh (CACHE_TTL). */
  freshTtlMs: number;
  /** The task operations (from the operation registry). */
  operations: TaskOperationSpecs;
}

type PlannedTask = Pick<TaskRecord, 'operation' | 'request' | 'postedAt'>;

/** The context a task's operation runs in. The posting day fixes the windows, so a resumed task asks the same calls. */
export function taskContextOf(deps: TaskPlanDeps, task: PlannedTask, tracker?: CacheStatusTracker): Omit<ServiceContext, 'source'> {
  return {
    catalog: deps.catalog,
    today: todayIn(deps.timeZone, task.postedAt.getTime()),
    concurrency: deps.concurrency,
    keywordData: deps.keywordData,
    core: deps.core,
    sourceKind: deps.sourceKind,
    ...(tracker ? { tracker } : {}),
  };
}

/**
 * The distinct source calls a task is known to need up front: the operation's own plan function, the one its
 * live route plans and refuses with (so a change there, such as one more call per keyword, counts here too).
 */
export function plannedCallsOf(operations: TaskOperationSpecs, ctx: Omit<ServiceContext, 'source'>, task: PlannedTask): Map<string, SourceCall> {
  const calls = taskSpecOf(operations, task.operation).plannedCalls({ ...ctx, source: undefined as never }, task.request);
  return new Map(calls.map((call) => [sourceCallKey(call), call]));
}

/** The distinct web-search pages a task's operation asks for (its `searches`), by their cache key. */
export function plannedSearchesOf(operations: TaskOperationSpecs, ctx: Pick<ServiceContext, 'catalog'>, task: PlannedTask): Map<string, SerpQuery> {
  const searches = taskSpecOf(operations, task.operation).plannedSearches?.(ctx, task.request) ?? [];
  return new Map(searches.map((query) => [serpCallKey(query), query]));
}

/** Cache lookups a plan makes at once (a 10,000-keyword task is 10,000 lookups). */
const LOOKUPS_AT_ONCE = 200;

/**
 * How many of a task's planned calls need the source now: neither stored for a task nor fresh in the cache. A
 * task's `calls_total` at post time (progress is known from the first task_get, not "0 of 0" until a worker
 * starts it).
 */
export async function uncachedCallCount(deps: TaskPlanDeps, task: PlannedTask): Promise<number> {
  const planned = plannedCallsOf(deps.operations, taskContextOf(deps, task), task);
  const searches = deps.serp ? plannedSearchesOf(deps.operations, deps, task) : new Map<string, SerpQuery>();
  if (planned.size === 0 && searches.size === 0) return 0;
  const stored = await deps.store.answers([...planned.keys(), ...searches.keys()], new Date(deps.clock.now() - deps.freshTtlMs));
  const isFresh = (entry: { call: SourceCall } | { search: SerpQuery }) => ('call' in entry ? deps.gateway.isFresh(entry.call) : deps.serp!.isFresh(entry.search));
  const open = [
    ...[...planned].filter(([key]) => !stored.has(key)).map(([, call]) => ({ call })),
    ...[...searches].filter(([key]) => !stored.has(key)).map(([, search]) => ({ search })),
  ];
  let uncached = 0;
  for (let i = 0; i < open.length; i += LOOKUPS_AT_ONCE) {
    const fresh = await Promise.all(open.slice(i, i + LOOKUPS_AT_ONCE).map(isFresh));
    uncached += fresh.filter((isFresh) => !isFresh).length;
  }
  return uncached;
}
