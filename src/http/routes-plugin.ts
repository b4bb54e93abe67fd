import type { Plugin } from 'graphql-yoga';
import { DomainError } from '../domain/errors.js';
import { GRAPHIQL_ASSETS_PATH, serveGraphiQLAsset } from '../graphql/graphiql.js';
import { presentProblem } from '../rest/problem.js';
import { jsonResponse } from '../rest/responses.js';

/** What a handler may know of a request besides the request itself. */
export interface RouteInfo {
  /** The socket's peer address (undefined when the request did not come from a socket, as in tests). */
  peer?: string | undefined;
}

/** A handler for some paths: a response, or undefined to let the next one (and finally GraphQL) answer. */
export type RouteHandler = (request: Request, info?: RouteInfo) => Promise<Response | undefined>;

/**
 * Every HTTP route besides /graphql, as a plugin on the one Yoga instance: GraphiQL's assets, then the
 * handlers in order (system, metrics, OpenAPI, REST); any other path is a problem+json 404. Responses served
 * by the demo source say so (X-Source: demo).
 */
export function useHttpRoutes(options: { handlers: readonly RouteHandler[]; demo: () => boolean }): Plugin {
  return {
    async onRequest({ request, url, endResponse, serverContext }) {
      if (url.pathname.startsWith(GRAPHIQL_ASSETS_PATH)) {
        const asset = await serveGraphiQLAsset(url.pathname.slice(GRAPHIQL_ASSETS_PATH.length));
        if (asset) return endResponse(asset);
      }
      // HEAD is GET without the body, on every route: the handlers see a GET, the client gets its headers.
      const head = request.method === 'HEAD';
      const routed = head ? new Request(request.url, { method: 'GET', headers: request.headers }) : request;
      const info: RouteInfo = { peer: (serverContext as { req?: { socket?: { remoteAddress?: string } } } | undefined)?.req?.socket?.remoteAddress };
      for (const handle of options.handlers) {
        const handled = await handle(routed, info);
        if (handled) return endResponse(head ? await withoutBody(handled) : handled);
      }
      if (url.pathname !== '/graphql') {
        const notFound = new DomainError('NOT_FOUND', `no route ${url.pathname}`);
        const response = jsonResponse(presentProblem(notFound), 404, {}, 'application/problem+json');
        endResponse(head ? await withoutBody(response) : response);
      }
    },
    onResponse({ response }) {
      if (options.demo()) response.headers.set('x-source', 'demo');
    },
  };
}

/** The same status and headers, no body; Content-Length says how long the GET's body would have been. */
async function withoutBody(response: Response): Promise<Response> {
  const length = response.body ? (await response.arrayBuffer()).byteLength : 0;
  const headers = new Headers(response.headers);
  if (!headers.has('content-length')) headers.set('content-length', String(length));
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}
