import { performance } from 'node:perf_hooks';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../ports/logger.js';
import type { Metrics } from '../ports/metrics.js';
import { createAccessLog } from './access-log.js';
import { currentRequest, type RequestInfo, requestIdFrom, runWithRequest } from './request-context.js';

export interface ObservabilityOptions {
  logger: Logger;
  metrics: Metrics;
  /** Exact paths that are routes of this service; anything else is labelled `unmatched` (bounded labels). */
  knownPaths: Iterable<string>;
}

const ASSETS_PREFIX = '/graphiql/assets/';

/** The bounded route label of a path. */
export function routeLabel(pathname: string, known: ReadonlySet<string>): string {
  if (known.has(pathname)) return pathname;
  if (pathname.startsWith(ASSETS_PREFIX)) return `${ASSETS_PREFIX}*`;
  return 'unmatched';
}

/**
 * For what Yoga serves (GraphQL, the explorer, MCP, admin): one access-log line and metrics sample (access-log.ts) per request, with a request id that is accepted from
 * `X-Request-Id` (when sane), echoed in the response and visible to every log line written while the request
 * is served. Logs the key id only — never the key, never the Authorization header. Place it LAST among the
 * plugins: its onResponse then sees what the others added (X-Cache, the key id noted at authentication).
 */
export function useObservability(options: ObservabilityOptions): Plugin {
  const access = createAccessLog(options);
  const known = new Set(options.knownPaths);
  const infos = new WeakMap<Request, RequestInfo>();

  return {
    // `instrumentation.request` wraps the whole handling, including responses other plugins end early
    // (CORS preflight, GraphiQL), so every request gets an id and a start time.
    instrumentation: {
      request({ request }, wrapped) {
        const info: RequestInfo = { requestId: requestIdFrom(request.headers.get('x-request-id')), startedAt: performance.now() };
        infos.set(request, info);
        return runWithRequest(info, wrapped);
      },
    },
    onResponse({ request, response }) {
      const info = infos.get(request) ?? currentRequest() ?? { requestId: requestIdFrom(null), startedAt: performance.now() };
      try {
        response.headers.set('x-request-id', info.requestId);
      } catch {
        // A response with immutable headers (a proxied fetch) keeps its own; the log still has the id.
      }
      const { pathname } = new URL(request.url);
      const route = routeLabel(pathname, known);
      access({ info, method: request.method, path: pathname, route, status: response.status, xCache: response.headers.get('x-cache') });
    },
  };
}
