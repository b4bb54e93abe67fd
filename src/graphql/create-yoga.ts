import { Request as YogaRequest } from '@whatwg-node/fetch';
import { createYoga } from 'graphql-yoga';
import { toDomainError } from '../domain/errors.js';
import { jsonResponse } from '../face-kit/json-response.js';
import type { KeptServerContext, PreRead } from './kept-answers.js';
import type { HttpCall, Reply } from '../http/exchange.js';
import { replyFromResponse } from '../http/fetch-exchange.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { useArgumentErrors } from './argument-errors-plugin.js';
import { useArmorLimits } from './armor-plugin.js';
import { useIntrospectionLimits } from './introspection-limits-plugin.js';
import { useBilling } from './billing-plugin.js';
import { useBodyLimit } from './body-limit-plugin.js';
import { useHttpStatusExtension } from './http-status-extension.js';
import type { GraphQLContext } from './context.js';
import { domainToGraphQLError, maskError } from './errors.js';
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
import type { Metrics } from '../ports/metrics.js';

export type GraphQLServer = ReturnType<typeof createYoga<Record<string, unknown>, GraphQLContext>>;

export interface GraphQLServerOptions {
  runtime: ServiceRuntime;
  metrics: Metrics;
  /** The operations: one without a hand-made Query field gets a derived one (operation-fields.ts). */
  operations?: OperationRegistry | undefined;
}

/**
 * The Yoga instance serving /graphql (with GraphiQL) and nothing else: the HTTP front mounts it on that one path
 * and does, around it as around every route, CORS, HEAD, the request id, X-Source, the access log and metrics.
 */
export function createGraphQLServer(options: GraphQLServerOptions): GraphQLServer {
  const { runtime, metrics } = options;
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema: schemaWithOperations(schema, options.operations),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    cors: false, // Yoga's default allows every origin; the HTTP front applies CORS_ORIGINS instead
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
    ],
  });
}

/**
 * A call the front routed to /graphql, answered by Yoga: over node:http through Yoga's own node adapter (it reads
 * the request natively; the socket's peer reaches the context as `req`), otherwise as the Web Request. When the
 * front has read the body already (kept-answers.ts: `pre`), Yoga gets it as a Request carrying that text, with the
 * front's authentication outcome and the notes the billing plugin fills for keeping the answer.
 */
export async function answerGraphQL(server: GraphQLServer, call: HttpCall, pre?: PreRead): Promise<Reply> {
  let response: Response;
  if (pre && 'readError' in pre) {
    // As useBodyLimit answers a body it could not read.
    const error = toDomainError(pre.readError);
    response = jsonResponse({ errors: [domainToGraphQLError(error).toJSON()] }, error.status);
  } else if (pre) {
    const original = call.webRequest();
    const request = new YogaRequest(original.url, { method: 'POST', headers: original.headers, body: pre.text });
    const extra: KeptServerContext & Record<string, unknown> = { keptAuth: pre.auth, keptNotes: pre.notes };
    response = await server.fetch(request, call.node ? { req: call.node.req, res: call.node.res, ...extra } : extra);
  } else if (call.node) {
    const { req, res } = call.node;
    // HEAD reaches every route as a GET, the carrier dropping the body: Yoga sees the GET too.
    req.method = call.method;
    response = await server.handleNodeRequestAndResponse(req, res, { req, res });
  } else {
    const request = call.webRequest();
    response = await server.fetch(request.method === call.method ? request : new Request(request, { method: call.method }));
  }
  return replyFromResponse(response);
}
