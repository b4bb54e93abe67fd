import { createYoga } from 'graphql-yoga';
import type { Config } from './config/config.js';
import { DomainError } from './domain/errors.js';
import type { RegionCatalog } from './domain/regions/catalog.js';
import { loadRegionCatalog } from './adapters/region-data.js';
import { createMemoryLedger } from './adapters/memory-ledger.js';
import { createMemoryCache } from './adapters/cache/memory-cache.js';
import { createRedisCache } from './adapters/cache/redis-cache.js';
import { createRedisLock } from './adapters/cache/redis-lock.js';
import type { CallLock } from './ports/call-lock.js';
import type { Cache } from './ports/cache.js';
import { type Clock, systemClock } from './ports/clock.js';
import type { Ledger } from './ports/ledger.js';
import { type Logger, silentLogger } from './ports/logger.js';
import type { StatisticsSource } from './ports/statistics-source.js';
import { createAuthenticator } from './services/auth/authenticator.js';
import { createRequestScope, type ServiceRuntime } from './services/runtime.js';
import { createSourceGateway } from './services/source-gateway.js';
import { useBilling } from './graphql/billing-plugin.js';
import { useHttpStatusExtension } from './graphql/http-status-extension.js';
import type { GraphQLContext } from './graphql/context.js';
import { domainToGraphQLError, maskError } from './graphql/errors.js';
import { GRAPHIQL_ASSETS_PATH, renderLocalGraphiQL, serveGraphiQLAsset } from './graphql/graphiql.js';
import { schema } from './graphql/schema.js';
import { MAX_BODY_BYTES, readTextBody } from './rest/body.js';
import { createRestHandler } from './rest/handler.js';
import { jsonResponse } from './rest/responses.js';
import { presentProblem } from './rest/problem.js';
import { createSystemRoutes } from './rest/system-routes.js';
import { createV1Routes } from './rest/v1/routes.js';
import { v2Routes } from './rest/v2/routes.js';
import { createUnconfiguredSource } from './adapters/unconfigured-source.js';
import { createDemoSource } from './adapters/demo/demo-source.js';
import { createSuggestionStages } from './app-suggestions.js';

/** Parts a caller (tests, tools) may supply instead of the ones the config chooses. */
export interface AppOverrides {
  source?: StatisticsSource;
  cache?: Cache;
  ledger?: Ledger;
  clock?: Clock;
  logger?: Logger;
  catalog?: RegionCatalog;
}

export interface App {
  /** The whole service as a fetch handler (REST, GraphQL, system routes). */
  fetch: (request: Request) => Promise<Response>;
  /** The Yoga instance, a Node request listener too. */
  yoga: ReturnType<typeof createYoga<Record<string, unknown>, GraphQLContext>>;
  runtime: ServiceRuntime;
  /** Flushes the ledger and releases connections. */
  close(): Promise<void>;
}

/** The composition root: the only place that picks adapters and wires them. */
export function createApp(config: Config, overrides: AppOverrides = {}): App {
  const logger = overrides.logger ?? silentLogger;
  const clock = overrides.clock ?? systemClock;
  const catalog = overrides.catalog ?? loadRegionCatalog();
  const source = overrides.source ?? chooseSource(config, catalog);
  const shared = config.REDIS_URL
    ? {
        cache: createRedisCache({ url: config.REDIS_URL, namespace: 'sds', logger, clock }),
        lock: createRedisLock({ url: config.REDIS_URL, namespace: 'sds', logger }),
      }
    : undefined;
  const cache: Cache =
    overrides.cache ??
    shared?.cache ??
    createMemoryCache({ maxEntries: config.CACHE_MAX_ENTRIES, maxBytes: config.CACHE_MAX_BYTES, logger, clock });
  // Waiters look for the lock holder's value in the cache, so the lock only goes with the shared cache.
  const lock: CallLock | undefined = overrides.cache ? undefined : shared?.lock;
  const ledger = overrides.ledger ?? createMemoryLedger();

  const runtime: ServiceRuntime = {
    catalog,
    clock,
    timeZone: config.STATS_TIMEZONE,
    gateway: createSourceGateway({
      source,
      cache,
      clock,
      freshTtlMs: config.CACHE_TTL,
      staleTtlMs: config.CACHE_STALE_TTL,
      lock,
      // A lock outlives the longest upstream call (retries included), so a dead holder frees it soon after.
      lockTtlMs: 2 * config.WORDSTAT_TIMEOUT_MS,
    }),
    concurrency: config.SOURCE_CONCURRENCY,
    authenticator: createAuthenticator(config.API_KEYS),
    ledger,
    logger,
    prices: { call: config.PRICE_CALL, repeat: config.PRICE_REPEAT },
    sourceKind: overrides.source || config.sourceKind !== 'none' ? source.kind : 'none',
  };

  // Suggestions (LLM candidates, verification budget, answer cache) and competition (search results):
  // chosen from the config in app-suggestions.ts.
  const { competition, suggestions } = createSuggestionStages(config, { cache, clock, logger, sourceKind: runtime.sourceKind });

  const rest = createRestHandler(runtime, [...createV1Routes({ competition, suggestions }), ...v2Routes]);
  const system = createSystemRoutes(runtime, []);

  const yoga = createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    logging: false,
    maskedErrors: { maskError: (error, message) => maskError(error, message) },
    graphiql: {
      title: 'Search demand statistics',
      headers: JSON.stringify({ Authorization: 'Bearer <your API key>' }, null, 2),
      defaultQuery: '{\n  dynamics(phrase: "велосипед") {\n    trend\n    results { date count share }\n  }\n}\n',
    },
    renderGraphiQL: renderLocalGraphiQL,
    context: async ({ request }) => {
      const principal = await runtime.authenticator.authenticate(request.headers.get('authorization'));
      if (!principal) {
        throw domainToGraphQLError(
          new DomainError('UNAUTHENTICATED', 'a valid API key is required: Authorization: Bearer <key>'),
        );
      }
      return { scope: createRequestScope(runtime, principal) };
    },
    plugins: [
      {
        async onRequest({ request, url, endResponse }) {
          if (url.pathname.startsWith(GRAPHIQL_ASSETS_PATH)) {
            const asset = await serveGraphiQLAsset(url.pathname.slice(GRAPHIQL_ASSETS_PATH.length));
            if (asset) return endResponse(asset);
          }
          const handled = (await system(request)) ?? (await rest(request));
          if (handled) return endResponse(handled);
          if (url.pathname !== '/graphql') {
            const notFound = new DomainError('NOT_FOUND', `no route ${url.pathname}`);
            endResponse(jsonResponse(presentProblem(notFound), 404, {}, 'application/problem+json'));
          }
        },
        onRequestParse({ requestParser, setRequestParser }) {
          if (!requestParser) return;
          // Yoga has no body limit of its own: read at most 1 MiB, then hand the bytes to its parser.
          setRequestParser(async (request) => {
            if (request.method !== 'POST') return requestParser(request);
            try {
              const body = await readTextBody(request, MAX_BODY_BYTES);
              return requestParser(new Request(request.url, { method: 'POST', headers: request.headers, body }));
            } catch (error) {
              if (error instanceof DomainError) {
                const gqlError = domainToGraphQLError(error);
                return jsonResponse({ errors: [gqlError.toJSON()] }, error.status);
              }
              throw error;
            }
          });
        },
        onResponse({ response }) {
          if (runtime.sourceKind === 'demo') response.headers.set('x-source', 'demo');
        },
      },
      useBilling(runtime),
      useHttpStatusExtension(),
    ],
  });

  return {
    fetch: (request) => Promise.resolve(yoga.fetch(request)),
    yoga,
    runtime,
    async close() {
      await ledger.close();
      await cache.close();
      await lock?.close();
    },
  };
}

/** The source the configuration asks for; data calls get 503 when none may be used. */
function chooseSource(config: Config, catalog: RegionCatalog): StatisticsSource {
  switch (config.sourceKind) {
    case 'demo':
      return createDemoSource(catalog);
    case 'wordstat':
      return createUnconfiguredSource('the Wordstat adapter is not wired yet');
    case 'none':
      return createUnconfiguredSource('set YANDEX_API_KEY (or YANDEX_IAM_TOKEN) and YANDEX_FOLDER_ID, or SOURCE=demo');
  }
}
