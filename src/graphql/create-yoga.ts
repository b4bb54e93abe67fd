import { createYoga } from 'graphql-yoga';
import type { Config } from '../config/config.js';
import type { Logger } from '../ports/logger.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { useArgumentErrors } from './argument-errors-plugin.js';
import { useArmorLimits } from './armor-plugin.js';
import { useIntrospectionLimits } from './introspection-limits-plugin.js';
import { useBilling } from './billing-plugin.js';
import { useBodyLimit } from './body-limit-plugin.js';
import { useHttpRoutes, type RouteHandler } from '../http/routes-plugin.js';
import { useHttpStatusExtension } from './http-status-extension.js';
import type { GraphQLContext } from './context.js';
import { maskError } from './errors.js';
import { GRAPHIQL_EXAMPLE, renderLocalGraphiQL, useGraphiQLHeaders } from './graphiql.js';
import { createGraphQLContextFactory } from './authenticate.js';
import { schema } from './schema.js';
import { schemaWithOperations } from './operation-fields.js';
import type { OperationRegistry } from '../operations/registry.js';
import { usePersistedQueries } from './persisted-queries.js';
import { useOperationPlan } from './operation-plan-plugin.js';
import { useQueryLimits } from './query-limits-plugin.js';
import { useShortErrorMessages } from './short-error-messages.js';
import { useJitForHotDocuments } from './jit-plugin.js';
import { useCors } from '../http/cors.js';
import { useExplorer } from '../web/explorer-plugin.js';
import { offeredDevKey } from '../web/dev-key-offer.js';
import { useObservability } from '../observability/observability-plugin.js';
import type { Metrics } from '../ports/metrics.js';

export type GraphQLServer = ReturnType<typeof createYoga<Record<string, unknown>, GraphQLContext>>;

export interface GraphQLServerOptions {
  runtime: ServiceRuntime;
  config: Config;
  metrics: Metrics;
  logger: Logger;
  /** Where the built explorer page is (tests build their own); default dist/web. */
  explorerPageDir?: string | undefined;
  /** Handlers for the paths besides /graphql, tried in order before GraphQL. */
  httpRoutes: readonly RouteHandler[];
  /** Paths named in metrics labels as they are (others become one label). */
  knownPaths: readonly string[];
  /** The operations: one without a hand-made Query field gets a derived one (operation-fields.ts). */
  operations?: OperationRegistry | undefined;
}

/** The Yoga instance serving /graphql (with GraphiQL) and, for now, the routes handed to it. */
export function createGraphQLServer(options: GraphQLServerOptions): GraphQLServer {
  const { runtime, config, metrics, logger } = options;
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema: schemaWithOperations(schema, options.operations),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    cors: false, // Yoga's default allows every origin; useCors applies CORS_ORIGINS instead
    // useBodyLimit reads at most MAX_BODY_BYTES; Yoga's own limit would wrap the body in a second stream.
    maxRequestBodySize: false,
    logging: false,
    maskedErrors: { maskError: (error, message) => maskError(error, message) },
    graphiql: {
      title: 'Search demand statistics',
      headers: JSON.stringify({ Authorization: 'Bearer <your API key>' }, null, 2),
      ...GRAPHIQL_EXAMPLE,
    },
    renderGraphiQL: renderLocalGraphiQL,
    context: createGraphQLContextFactory(runtime),
    plugins: [
      useCors(config.CORS_ORIGINS),
      // The explorer page at /, its files, /favicon.ico.
      useExplorer({ devKey: () => offeredDevKey(config), ...(options.explorerPageDir ? { pageDir: () => options.explorerPageDir } : {}) }),
      useHttpRoutes({ handlers: options.httpRoutes, demo: () => runtime.sourceKind === 'demo' }),
      useBodyLimit(),
      useArmorLimits({ metrics }),
      useIntrospectionLimits({ metrics }),
      useArgumentErrors(),
      useShortErrorMessages(),
      useJitForHotDocuments(),
      useBilling(runtime),
      usePersistedQueries(),
      useQueryLimits({ metrics }),
      useOperationPlan(),
      useHttpStatusExtension(),
      useGraphiQLHeaders('/graphql'),
      // Last, so its access-log line sees what the others added (X-Cache, the key id).
      useObservability({ logger, metrics, knownPaths: options.knownPaths }),
    ],
  });
}
