import { performance } from 'node:perf_hooks';
import FindMyWay from 'find-my-way';
import { DomainError } from '../domain/errors.js';
import type { Logger } from '../ports/logger.js';
import { type AccessEntry, type RequestInfo, requestIdFrom, runWithRequest } from './request-context.js';
import type { CorsPolicy } from './cors-policy.js';
import { recordWriter } from './cors-policy.js';
import { jsonReply, type HttpCall, type Reply } from './exchange.js';

/** One path the front serves; it answers every method itself (a wrong one with its family's 405). */
export interface FrontEntry {
  /**
   * The path, parameters in braces (`/v1/keywords/search_volume/task_get/{id}`), or a folder's files
   * (`/explorer/*`); also the metrics label.
   */
  path: string;
  /** The answer, or a promise of it: an answer known at once (a kept one) goes out with no promise on its way. */
  serve(call: HttpCall, params: Record<string, string>): Reply | Promise<Reply>;
}

export interface HttpFrontOptions {
  entries: readonly FrontEntry[];
  /** Whole subtrees (`/v1`): any path under one no entry serves is answered here (the family's 404). */
  subtrees: readonly { prefix: string; serve(call: HttpCall): Promise<Reply> }[];
  /**
   * The answer for a path nothing serves (the 404), labelled `unmatched` in metrics and the access log; without
   * it, such a path has no handler (a front serving part of the routes, for tests and tools).
   */
  notFound?(call: HttpCall): Promise<Reply>;
  cors: CorsPolicy;
  /** True while the demo source answers: every answer says so (X-Source: demo). */
  demo(): boolean;
  access(entry: AccessEntry): void;
  logger: Logger;
}

/** A routed call, ready to run: its answer (at once when the route had it at once), decorated, logged and counted. */
export type Routed = (call: HttpCall) => Reply | Promise<Reply>;

export interface HttpFront<R extends Routed | undefined = Routed | undefined> {
  /** The handler of a request: every path has one when the front has `notFound`, else undefined for the others. */
  route(method: string, path: string): R;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (method: string): method is Method => (METHODS as readonly string[]).includes(method);

/**
 * The HTTP front, the service's one HTTP stack: every route (REST, /graphql, /mcp, /admin, the explorer, GraphiQL's
 * files, health, metrics, OpenAPI, and the 404 of unknown paths) served from the carrier (node:http, or fetch in
 * tests) through one radix router (find-my-way, Fastify's). Around every call it does, once, what each answer
 * needs: the request id, CORS (preflights too), HEAD as GET without the body, X-Source, the access log and
 * metrics, and a 500 for anything unexpected (logged, never a crash).
 */
export function createHttpFront(options: HttpFrontOptions & Required<Pick<HttpFrontOptions, 'notFound'>>): HttpFront<Routed>;
export function createHttpFront(options: HttpFrontOptions): HttpFront;
export function createHttpFront(options: HttpFrontOptions): HttpFront {
  interface Store {
    label: string;
    serve(call: HttpCall, params: Record<string, string>): Reply | Promise<Reply>;
  }
  const router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false });
  const noop = () => {};
  // Folders (`/explorer/*`, a family's subtree): also found by prefix when the router cannot read the path.
  const folders: { prefix: string; store: Store }[] = [];
  for (const entry of options.entries) {
    const store: Store = { label: entry.path, serve: entry.serve };
    router.on([...METHODS], entry.path.replace(/\{(\w+)\}/g, ':$1'), noop, store);
    if (entry.path.endsWith('/*')) folders.push({ prefix: entry.path.slice(0, -1), store });
  }
  for (const subtree of options.subtrees) {
    const store: Store = { label: `${subtree.prefix}/*`, serve: (call) => subtree.serve(call) };
    router.on([...METHODS], subtree.prefix, noop, store);
    router.on([...METHODS], `${subtree.prefix}/*`, noop, store);
    folders.push({ prefix: `${subtree.prefix}/`, store }, { prefix: subtree.prefix, store });
  }
  const notFound = options.notFound;
  const unmatched: Store | undefined = notFound && { label: 'unmatched', serve: (call) => notFound(call) };
  // A path the router cannot read (a malformed %-escape, a parameter over its length) still belongs to its folder.
  const folderOf = (path: string) => folders.find(({ prefix }) => (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix))?.store;

  /** The 500 of anything a route threw or rejected with (logged, never a crash). */
  const internalError = (store: Store, error: unknown): Reply => {
    options.logger.error({ err: error, route: store.label }, 'unexpected error in an HTTP route');
    const internal = new DomainError('INTERNAL', 'internal error');
    return jsonReply({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: internal.message, code: internal.code }, 500, {}, 'application/problem+json');
  };

  // Not async: a route's answer known at once is decorated and handed back at once (a kept answer's whole path
  // then runs without a promise; each one paid AsyncLocalStorage's hooks).
  const run = (store: Store, params: Record<string, string>, call: HttpCall, info: RequestInfo): Reply | Promise<Reply> => {
    const head = call.method === 'HEAD';
    let answer: Reply | Promise<Reply>;
    try {
      // A CORS preflight is answered here, for every path, before any route sees it.
      const preflight = options.cors.preflight(call.method, call.headers);
      // HEAD is GET without the body, on every route: the route sees a GET, the carrier drops the body.
      answer = preflight ? { status: 204, headers: preflight, body: null } : store.serve(head ? { ...call, method: 'GET' } : call, params);
    } catch (error) {
      answer = internalError(store, error);
    }
    const finish = (reply: Reply) => decorate(store, call, info, reply);
    return answer instanceof Promise ? answer.then(finish, (error: unknown) => finish(internalError(store, error))) : finish(answer);
  };

  const decorate = (store: Store, call: HttpCall, info: RequestInfo, reply: Reply): Reply => {
    const headers = recordWriter(reply.headers);
    headers.set('x-request-id', info.requestId);
    options.cors.decorate(call.method, call.headers, headers);
    if (options.demo()) headers.set('x-source', 'demo');
    options.access({ info, method: call.method, path: call.path, route: store.label, status: reply.status, xCache: headers.get('x-cache') });
    return reply;
  };

  return {
    route(method, path) {
      // Every entry answers every method itself, so a method the router does not know is looked up as a GET.
      const found = router.find(isMethod(method) ? method : 'GET', path);
      const store = (found?.store as Store | undefined) ?? folderOf(path) ?? unmatched;
      if (!store) return undefined;
      const params = (found?.params ?? {}) as Record<string, string>;
      return (call) => {
        const info: RequestInfo = { requestId: requestIdFrom(call.headers.get('x-request-id')), startedAt: performance.now() };
        return runWithRequest(info, () => run(store, params, call, info));
      };
    },
  };
}
