import type { RegionCatalog } from '../domain/regions/catalog.js';
import type { Clock } from '../ports/clock.js';
import type { Ledger } from '../ports/ledger.js';
import type { Logger } from '../ports/logger.js';
import type { QuotaGuard } from '../ports/quota.js';
import type { UsageService } from './usage.js';
import type { SourceKind } from '../ports/statistics-source.js';
import type { Authenticator, Principal } from './auth/authenticator.js';
import type { Prices } from './billing.js';
import { type CacheStatusTracker, createCacheStatusTracker } from './cache-status.js';
import type { KeywordDataDeps, ServiceContext } from './context.js';
import { todayIn } from '../domain/dates/calendar.js';
import { createRequestSource } from './request-source.js';
import { createLivePlan, type LivePlan } from './live-plan.js';
import type { SourceGateway } from './source-gateway.js';
import type { TaskService } from '../ports/task-service.js';
import type { DataVersion } from './data-version.js';
import type { CoreCleaningDeps } from '../ports/morphology.js';
import type { SerpGateway } from './serp-gateway.js';
import { createSerpRequestSource } from './serp.js';

/** The long-lived parts every face shares; built once by the composition root. */
export interface ServiceRuntime {
  catalog: RegionCatalog;
  clock: Clock;
  timeZone: string;
  gateway: SourceGateway;
  authenticator: Authenticator;
  ledger: Ledger;
  logger: Logger;
  prices: Prices;
  /** The upstream budget, when the source has one. */
  quota?: QuotaGuard | undefined;
  /** Usage reports over the ledger, when a database holds it. */
  usage?: UsageService | undefined;
  /** Competition and suggestion stages shared by /v1 and GraphQL. */
  keywordData?: KeywordDataDeps | undefined;
  /** Tasks, when a database keeps them. */
  tasks?: TaskService | undefined;
  /** Morphology and word lists for core_clean (CPU only, no source). */
  core?: CoreCleaningDeps | undefined;
  /** Web search results pages behind their cache and budgets, when the service has web search. */
  serp?: SerpGateway | undefined;
  /** How many source calls one request may run at once. */
  concurrency: number;
  /** The source behind the gateway, or 'none' when data calls can only fail (production, unconfigured). */
  sourceKind: SourceKind | 'none';
  /**
   * Moves whenever the cache stores an answer; with it, REST keeps finished answers for identical requests
   * (rest/hit-memo.ts). Absent: every request runs the whole pipeline.
   */
  dataVersion?: DataVersion | undefined;
}

/**
 * The one context of one client request, whichever face it came through (REST, GraphQL, MCP): who asks
 * (`principal`), when, the request's cache-status tracker, and the services' view of the app (ServiceContext:
 * the part a service reads, which a task run builds for itself). GraphQL resolvers get this object as their
 * context; REST handlers and MCP tools get it as their second argument.
 */
export interface RequestContext extends ServiceContext {
  principal: Principal;
  tracker: CacheStatusTracker;
  startedAt: number;
}

/**
 * A fresh request context: its own loaders (dedup within the request) and cache-status tracker, and a live plan of
 * its own unless one is given (the calls of an MCP batch share the batch's, planned before any of them runs).
 */
export function createRequestContext(runtime: ServiceRuntime, principal: Principal, livePlan: LivePlan = createLivePlan()): RequestContext {
  const tracker = createCacheStatusTracker();
  const now = runtime.clock.now();
  return {
    principal,
    tracker,
    startedAt: now,
    catalog: runtime.catalog,
    today: todayIn(runtime.timeZone, now),
    concurrency: runtime.concurrency,
    quota: runtime.quota,
    usage: runtime.usage,
    keywordData: runtime.keywordData,
    sourceKind: runtime.sourceKind,
    clock: runtime.clock,
    timeZone: runtime.timeZone,
    tasks: runtime.tasks,
    core: runtime.core,
    source: createRequestSource(runtime.gateway, tracker),
    serp: runtime.serp && createSerpRequestSource(runtime.serp, tracker, true, livePlan.searches),
    livePlan,
  };
}
