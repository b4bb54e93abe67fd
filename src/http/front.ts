import { performance } from 'node:perf_hooks';
import FindMyWay from 'find-my-way';
import { DomainError } from '../domain/errors.js';
import type { Logger } from '../ports/logger.js';
import type { AccessEntry } from '../observability/access-log.js';
import { type RequestInfo, requestIdFrom, runWithRequest } from '../observability/request-context.js';
import type { CorsPolicy } from './cors-policy.js';
import { recordWriter } from './cors-policy.js';
import { jsonReply, type HttpCall, type Reply } from './exchange.js';

/** One path the front serves; it answers every method itself (a wrong one with its family's 405). */
export interface FrontEntry {
  /** The path, parameters in braces (`/v1/keywords/search_volume/task_get/{id}`); also the metrics label. */
  path: string;
  serve(call: HttpCall, params: Record<string, string>): Promise<Reply>;
}

export interface HttpFrontOptions {
  entries: readonly FrontEntry[];
  /** Whole subtrees (`/v1`): any path under one no entry serves is answered here (the family's 404). */
  subtrees: readonly { prefix: string; serve(call: HttpCall): Promise<Reply> }[];
  cors: CorsPolicy;
  /** True while the demo source answers: every answer says so (X-Source: demo). */
  demo(): boolean;
  access(entry: AccessEntry): void;
  logger: Logger;
}

/** A routed call, ready to run: its answer, decorated, logged and counted. */
export type Routed = (call: HttpCall) => Promise<Reply>;

export interface HttpFront {
  /**
   * The handler of a request the front serves (REST, system routes), or undefined for one it leaves to the
   * GraphQL server (GraphQL, the explorer, MCP, admin, unknown paths). Synchronous, so a carrier can hand the
   * untouched request on.
   */
  route(method: string, path: string): Routed | undefined;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (method: string): method is Method => (METHODS as readonly string[]).includes(method);

/**
 * The HTTP front: the routes served straight from the carrier (node:http, or fetch in tests) through a radix
 * router (find-my-way, Fastify's), without Yoga's server adapter. Around every routed call it does what each
 * answer needs: the request id, CORS, HEAD as GET without the body, X-Source, the access log and metrics, and a
 * 500 for anything unexpected (logged, never a crash).
 */
export function createHttpFront(options: HttpFrontOptions): HttpFront {
  interface Store {
    label: string;
    serve(call: HttpCall, params: Record<string, string>): Promise<Reply>;
  }
  const router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false });
  const noop = () => {};
  for (const entry of options.entries) {
    router.on([...METHODS], entry.path.replace(/\{(\w+)\}/g, ':$1'), noop, { label: entry.path, serve: entry.serve } satisfies Store);
  }
  const subtreeStores = options.subtrees.map((subtree) => {
    const store: Store = { label: `${subtree.prefix}/*`, serve: (call) => subtree.serve(call) };
    router.on([...METHODS], subtree.prefix, noop, store);
    router.on([...METHODS], `${subtree.prefix}/*`, noop, store);
    return { prefix: subtree.prefix, store };
  });
  // A path the router cannot read (a malformed %-escape, a parameter over its length) still belongs to its family.
  const subtreeOf = (path: string) => subtreeStores.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.store;

  const run = async (store: Store, params: Record<string, string>, call: HttpCall, info: RequestInfo): Promise<Reply> => {
    const preflight = options.cors.preflight(call.method, call.headers);
    if (preflight) return { status: 204, headers: preflight, body: null };
    const head = call.method === 'HEAD';
    let reply: Reply;
    try {
      // HEAD is GET without the body, on every route: the route sees a GET, the carrier drops the body.
      reply = await store.serve(head ? { ...call, method: 'GET' } : call, params);
    } catch (error) {
      options.logger.error({ err: error, route: store.label }, 'unexpected error in an HTTP route');
      const internal = new DomainError('INTERNAL', 'internal error');
      reply = jsonReply({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: internal.message, code: internal.code }, 500, {}, 'application/problem+json');
    }
    const headers = recordWriter(reply.headers);
    headers.set('x-request-id', info.requestId);
    options.cors.decorate(call.method, call.headers, headers);
    if (options.demo()) headers.set('x-source', 'demo');
    options.access({ info, method: call.method, path: call.path, route: store.label, status: reply.status, xCache: headers.get('x-cache') });
    return reply;
  };

  return {
    route(method, path) {
      if (!isMethod(method)) return undefined;
      const found = router.find(method, path);
      const store = (found?.store as Store | undefined) ?? subtreeOf(path);
      if (!store) return undefined;
      const params = (found?.params ?? {}) as Record<string, string>;
      return (call) => {
        const info: RequestInfo = { requestId: requestIdFrom(call.headers.get('x-request-id')), startedAt: performance.now() };
        return runWithRequest(info, () => run(store, params, call, info));
      };
    },
  };
}
