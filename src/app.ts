import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from './config/config.js';
import type { GraphQLServer, GraphQLServerOptions } from './graphql/create-yoga.js';
import type { RegionCatalog } from './domain/regions/catalog.js';
import { loadRegionCatalog } from './adapters/region-data.js';
import { azMorphologyProvider } from './adapters/morphology/az-morphology.js';
import { loadCoreRules } from './adapters/morphology/core-data.js';
import { createCacheSetup } from './composition/cache.js';
import { createDatabase, type Database } from './composition/database.js';
import { createSourceSetup } from './composition/source.js';
import type { QuotaGuard } from './ports/quota.js';
import type { Cache } from './ports/cache.js';
import { type Clock, systemClock } from './ports/clock.js';
import type { Ledger } from './ports/ledger.js';
import { type Logger, silentLogger } from './ports/logger.js';
import type { StatisticsSource } from './ports/statistics-source.js';
import { createAuthenticator } from './services/auth/authenticator.js';
import type { ServiceRuntime } from './services/runtime.js';
import { createSourceGateway } from './services/source-gateway.js';
import { countingStores } from './services/data-version.js';
import { createRestEndpoints } from './rest/handler.js';
import { restFrontEntries } from './rest/front-entries.js';
import { createHttpFront, type FrontEntry } from './http/front.js';
import type { HttpCall, Reply } from './http/exchange.js';
import { createFairTurns, REQUESTS_PER_TURN } from './http/fair-turns.js';
import { createCorsPolicy } from './http/cors-policy.js';
import { callFromFetch, replyToResponse } from './http/fetch-exchange.js';
import { bodyMayFollow, callFromNode, writeReply } from './http/node-exchange.js';
import { createAccessLog } from './observability/access-log.js';
import { createMcpRoute, MCP_PATH } from './mcp/http-route.js';
import { DomainError } from './domain/errors.js';
import { problemReply } from './rest/responses.js';
import { GRAPHIQL_ASSETS_PATH, serveGraphiQLAsset } from './graphql/graphiql-assets.js';
import { createGraphQLEntry, type PreRead } from './graphql/kept-answers.js';
import { createExplorerRoutes, EXPLORER_PATHS } from './web/explorer-routes.js';
import { offeredDevKey } from './web/dev-key-offer.js';
import { createOpenApiRoute, OPENAPI_PATH } from './rest/openapi/route.js';
import type { RestRoute } from './rest/routes.js';
import { createSystemRoutes } from './rest/system-routes.js';
import { operationRoutes } from './rest/operation-routes.js';
import { createRegistry, OPERATIONS } from './operations/registry.js';
import type { Operation } from './operations/operation.js';
import { taskSpecsOf } from './operations/task-specs.js';
import { toolsOf } from './mcp/tool-list.js';
import { createSuggestionStages } from './composition/suggestions.js';
import { createUsageService } from './services/usage.js';
import type { UsageReader } from './ports/usage-reader.js';
import { annotateAuthenticator } from './observability/annotate-auth.js';
import { instrumentGateway, instrumentSource } from './observability/instrument.js';
import { createMetricsRoute } from './observability/metrics-route.js';
import { createPrometheusMetrics } from './observability/prometheus-metrics.js';
import { createDependencyChecks } from './observability/readiness.js';
import { createAdminRoutes } from './admin/admin-routes.js';
import type { SqlClient } from './adapters/sql/sql-client.js';
import { createSqlQuotaLog } from './adapters/sql/sql-quota-log.js';
import { createTaskSetup } from './composition/tasks.js';
import { createTaskRoutes } from './rest/v1/task-routes.js';
import { createOAuthSetup, withTokens } from './composition/oauth.js';
import { createV3Face } from './v3/face.js';
import { createWebSearchSetup, type WebSearchOverride } from './composition/web-search.js';

/** Parts a caller (tests, tools) may supply instead of the ones the config chooses. */
export interface AppOverrides {
  /** A source to use instead of the configured one (tests); with it, `quota` and `catalog` may be given too. */
  source?: StatisticsSource;
  quota?: QuotaGuard;
  /** The ledger; when given without `database`, no database is opened (keys from API_KEYS only, no usage). */
  database?: Database;
  cache?: Cache;
  ledger?: Ledger;
  clock?: Clock;
  logger?: Logger;
  catalog?: RegionCatalog;
  /** Where the built explorer page is (tests build their own); default dist/web. */
  explorerPageDir?: string;
  /** Where tasks live when no `database` is given (tests with a memory ledger); default: the database's own. */
  taskClient?: SqlClient;
  /** The operations every face serves (default OPERATIONS): a test adds a fixture operation here. */
  operations?: readonly Operation[];
  /** Web search sources to use instead of the configured ones (tests: adapters pointed at fakes/search). */
  webSearch?: WebSearchOverride;
}

export interface App {
  /**
   * The whole service as a fetch handler (every route, through the same front as `handleNode`); `peer` stands for
   * the socket's address a node:http request would have (tests of what depends on it).
   */
  fetch: (request: Request, peer?: string) => Promise<Response>;
  /** The whole service as a node:http request listener. */
  handleNode: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * The Yoga instance answering /graphql, loaded on first use: its modules (graphql-yoga, the schema and its
   * plugins) are about half of the service's start-up, and no other route needs them.
   */
  yoga: LazyGraphQLServer;
  runtime: ServiceRuntime;
  /** The REST routes served (and documented at /openapi.json). */
  restRoutes: readonly RestRoute[];
  /**
   * Settles when the parts that start slowly are up (the embedded database takes seconds and blocks the event
   * loop while it starts): a process waits for it before listening, so no request stalls behind it.
   */
  ready(): Promise<void>;
  /** Loads what is loaded on first use (the GraphQL face), so the first request that needs it does not wait. */
  warmUp(): Promise<void>;
  /** Flushes the ledger and releases connections. */
  close(): Promise<void>;
}

/** The GraphQL server behind a first-use import. */
export interface LazyGraphQLServer {
  /** The server itself, created by the first call. */
  load(): Promise<GraphQLServer>;
  /** `load()`, then the call answered by it (`pre`: its body, read by the kept answers in front of Yoga). */
  serve(call: HttpCall, pre?: PreRead): Promise<Reply>;
}

/** Creates the GraphQL server on first use; a failed import is tried again by the next call. */
function lazyGraphQLServer(options: GraphQLServerOptions): LazyGraphQLServer {
  let loading: Promise<{ server: GraphQLServer; serve(call: HttpCall, pre?: PreRead): Promise<Reply> }> | undefined;
  const loaded = () =>
    (loading ??= import('./graphql/create-yoga.js').then(
      (module) => {
        const server = module.createGraphQLServer(options);
        return { server, serve: (call: HttpCall, pre?: PreRead) => module.answerGraphQL(server, call, pre) };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    load: async () => (await loaded()).server,
    serve: async (call, pre) => (await loaded()).serve(call, pre),
  };
}

/** The composition root: the only place that picks adapters and wires them. */
export function createApp(config: Config, overrides: AppOverrides = {}): App {
  // Per-app registry; adapters that report (quota, ledger buffer, LLM calls) take `metrics` from here.
  const prometheus = createPrometheusMetrics({ processMetrics: config.NODE_ENV === 'production' });
  const metrics = prometheus.metrics;
  const logger = overrides.logger ?? silentLogger;
  const clock = overrides.clock ?? systemClock;
  const shipped = overrides.catalog ?? loadRegionCatalog();
  const database = overrides.database ?? (overrides.ledger ? undefined : createDatabase(config, { logger, clock }));
  const sourceSetup = overrides.source
    ? { source: overrides.source, kind: overrides.source.kind, catalog: shipped, quota: overrides.quota, close: async () => {} }
    : createSourceSetup(config, shipped, logger, clock, database ? createSqlQuotaLog(database.client) : undefined);
  const cacheSetup = overrides.cache ? { cache: overrides.cache } : createCacheSetup(config, { logger, clock });
  // Waiters look for the lock holder's value in the cache, so the lock only comes with the shared cache.
  const lock = 'lock' in cacheSetup ? cacheSetup.lock : undefined;
  const ledger = overrides.ledger ?? database!.ledger;
  // Stores counted: finished REST answers are kept only while no answer was stored since (rest/hit-memo.ts).
  const counted = countingStores(cacheSetup.cache);

  // Web search (serp): its own cache TTL, budgets and prices; absent without credentials or the demo.
  const webSearch = createWebSearchSetup(config, { cache: counted.cache, clock, logger, lock, sourceKind: sourceSetup.kind, override: overrides.webSearch });

  // OAuth access tokens beside API keys, when OAUTH_ISSUER is set (composition/oauth.ts).
  const oauth = createOAuthSetup(config, { store: database?.keyStore, now: () => clock.now() });
  const runtime: ServiceRuntime = {
    catalog: sourceSetup.catalog,
    clock,
    timeZone: config.STATS_TIMEZONE,
    gateway: instrumentGateway(
      createSourceGateway({
        source: instrumentSource(sourceSetup.source, metrics),
        cache: counted.cache,
        clock,
        freshTtlMs: config.CACHE_TTL,
        staleTtlMs: config.CACHE_STALE_TTL,
        lock,
        // A lock outlives the longest upstream call (retries included), so a dead holder frees it soon after.
        lockTtlMs: 2 * config.WORDSTAT_TIMEOUT_MS,
      }),
      metrics,
    ),
    authenticator: annotateAuthenticator(withTokens(oauth, createAuthenticator(config.API_KEYS, database?.keyStore, { changes: database?.keyChanges, now: () => clock.now() }))),
    ledger,
    logger,
    prices: { call: config.PRICE_CALL, repeat: config.PRICE_REPEAT, search: { call: config.SEARCH_PRICE_CALL, repeat: config.SEARCH_PRICE_REPEAT } },
    quota: sourceSetup.quota,
    concurrency: config.SOURCE_CONCURRENCY,
    // With a database, usage comes from it; a ledger handed in that can be read (the memory one) serves too.
    usage: database?.usage ?? (isUsageReader(ledger) ? createUsageService({ reader: ledger, clock, timeZone: config.STATS_TIMEZONE }) : undefined),
    // Suggestions (LLM candidates, verification budget, answer cache) and competition (search results), for
    // /v1 and GraphQL alike.
    keywordData: createSuggestionStages(config, {
      cache: counted.cache,
      clock,
      logger,
      sourceKind: sourceSetup.kind,
      hooks: { onLlm: (report) => metrics.llmCall(report.outcome, report.durationMs / 1000) },
    }),
    sourceKind: sourceSetup.kind,
    dataVersion: counted.version,
    // core_clean: az's dictionaries load on its first request (not at start-up); data/core's lists once.
    core: { morphology: azMorphologyProvider, rules: loadCoreRules },
    serp: webSearch?.gateway,
  };

  // The operations: REST routes, MCP tools, task operations and GraphQL fields are derived from them.
  const operations = createRegistry(overrides.operations ?? OPERATIONS);
  const taskClient = overrides.taskClient ?? database?.client;
  const tasks = taskClient
    ? createTaskSetup(config, { client: taskClient, runtime, registry: prometheus.registry, logger, keyChanges: database?.keyChanges, operations: taskSpecsOf(operations) })
    : undefined;
  runtime.tasks = tasks?.service;

  const restRoutes: RestRoute[] = [...operationRoutes(operations, 'v1'), ...createTaskRoutes(operations), ...operationRoutes(operations, 'v2')];
  const system = createSystemRoutes(
    runtime,
    createDependencyChecks({ source: sourceSetup.source, sourceKind: runtime.sourceKind, cache: cacheSetup.cache, ledger, quota: runtime.quota }),
  );
  const openApiRoute = createOpenApiRoute(restRoutes);
  // Gauges of state held elsewhere (the quota's remaining budget, the ledger's buffer) are read at scrape time.
  const sampleGauges = async () => {
    if (runtime.quota) metrics.sourceQuotaRemaining('hour', (await runtime.quota.status()).hourly.remaining);
    const stats = (ledger as Partial<{ stats(): { buffered: number } }>).stats;
    if (stats) metrics.ledgerBuffered(stats.call(ledger).buffered);
  };
  const metricsRoute = createMetricsRoute({
    render: async () => {
      await sampleGauges().catch((error: unknown) => logger.warn({ err: error }, 'could not sample gauges for /metrics'));
      return prometheus.render();
    },
    token: config.METRICS_TOKEN,
  });

  // Key administration and every key's usage while the service runs; absent (404) without ADMIN_TOKEN.
  const adminRoutes = createAdminRoutes({ token: config.ADMIN_TOKEN, keys: database?.keyStore, usage: runtime.usage, tasks: tasks?.service, logger, now: () => clock.now() });

  const yoga = lazyGraphQLServer({ runtime, metrics, operations });
  const explorer = createExplorerRoutes({ devKey: () => offeredDevKey(config), operations: operations.operations, ...(overrides.explorerPageDir ? { pageDir: () => overrides.explorerPageDir } : {}) });

  // Every route of the service, on one router; GraphQL is one of them, loaded by its first request.
  const notFound = async (call: HttpCall) => problemReply(new DomainError('NOT_FOUND', `no route ${call.path}`));
  // A route that serves only some of the paths under it: the others are the 404 of an unknown path.
  const orNotFound =
    (serve: (call: HttpCall) => Promise<Reply | undefined>) =>
    async (call: HttpCall): Promise<Reply> =>
      (await serve(call)) ?? notFound(call);
  const rest = restFrontEntries(restRoutes, createRestEndpoints(runtime));
  const v3 = createV3Face(runtime); // the keyword-data format's own paths (/v3), for its official clients
  const front = createHttpFront({
    subtrees: [...rest.subtrees, v3.subtree],
    entries: [
      ...rest.entries,
      ...v3.entries,
      { path: '/healthz', serve: system },
      { path: '/readyz', serve: system },
      { path: '/metrics', serve: metricsRoute },
      { path: OPENAPI_PATH, serve: openApiRoute },
      ...(oauth?.entries ?? []), // /.well-known/oauth-protected-resource (RFC 9728), when OAuth is on
      { path: '/graphql', serve: createGraphQLEntry(runtime, yoga) }, // kept answers in front of Yoga
      { path: `${GRAPHIQL_ASSETS_PATH}*`, serve: orNotFound(serveGraphiQLAsset) },
      { path: MCP_PATH, serve: createMcpRoute(runtime, { tools: toolsOf(operations) }) },
      { path: '/admin', serve: orNotFound(adminRoutes) },
      { path: '/admin/*', serve: orNotFound(adminRoutes) },
      ...EXPLORER_PATHS.map((path): FrontEntry => ({ path, serve: orNotFound(explorer) })),
    ],
    notFound,
    cors: createCorsPolicy(config.CORS_ORIGINS),
    demo: () => runtime.sourceKind === 'demo',
    access: createAccessLog({ logger, metrics }),
    logger,
  });
  // Requests start at most REQUESTS_PER_TURN per event-loop turn, in arrival order (fair-turns.ts).
  const fairTurns = createFairTurns(REQUESTS_PER_TURN);
  const failed = (res: ServerResponse) => (error: unknown) => {
    logger.error({ err: error }, 'could not answer a request');
    res.destroy();
  };
  const start = (req: IncomingMessage, res: ServerResponse): void => {
    // Read before routing: a route handing the request on (GraphQL) sees a HEAD as the GET it is answered as.
    const head = req.method === 'HEAD';
    try {
      const answer = front.route(req.method ?? 'GET', pathOf(req.url ?? '/'))(callFromNode(req, res));
      if (answer instanceof Promise) answer.then((reply) => writeReply(res, reply, head), failed(res));
      else writeReply(res, answer, head);
    } catch (error) {
      failed(res)(error);
    }
  };
  // A request whose body came with its headers starts a tick later, once the parser has put that body in its
  // buffer: a kept answer then reads it at once (node-exchange.ts receivedNodeBody) and is written with no promise.
  // (A tick, not a microtask: under AsyncLocalStorage's hooks queueMicrotask makes an AsyncResource, 2–3 × the cost.)
  const handleNode = (req: IncomingMessage, res: ServerResponse): void => {
    if (bodyMayFollow(req)) process.nextTick(() => fairTurns(() => start(req, res)));
    else fairTurns(() => start(req, res));
  };

  return {
    async fetch(request, peer) {
      const call = callFromFetch(request, peer);
      return replyToResponse(await front.route(call.method, call.path)(call), request.method === 'HEAD');
    },
    handleNode,
    yoga,
    runtime,
    restRoutes,
    async warmUp() {
      await yoga.load();
    },
    async ready() {
      await database?.ready;
      // Workers start with the process, so tasks left by a previous run (or a dead process) go on.
      await tasks?.start().catch((error: unknown) => logger.error({ err: error }, 'task workers did not start; retried on the next post'));
    },
    async close() {
      await tasks?.close();
      if (database) await database.close(); // flushes the ledger first
      else {
        await ledger.flush();
        await ledger.close();
      }
      await cacheSetup.cache.close();
      await lock?.close();
      await sourceSetup.close();
      await webSearch?.close();
    },
  };
}

/** The path of a request target, without its query string. */
function pathOf(target: string): string {
  const mark = target.indexOf('?');
  return mark === -1 ? target : target.slice(0, mark);
}

function isUsageReader(ledger: Ledger): ledger is Ledger & UsageReader {
  return typeof (ledger as Partial<UsageReader>).buckets === 'function';
}
