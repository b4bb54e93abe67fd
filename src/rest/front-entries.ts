import { DomainError } from '../domain/errors.js';
import type { FrontEntry, HttpFrontOptions } from '../http/front.js';
import type { HttpCall, Reply } from '../http/exchange.js';
import type { Family, RestRoute } from './routes.js';

/** The REST routes as the HTTP front serves them: one call to a matched route, and the family's refusals. */
export interface RestEndpoints {
  /** Serves a call the front matched to `route` (method included), with its path parameters. */
  serve(route: RestRoute, call: HttpCall, params: Record<string, string>): Reply | Promise<Reply>;
  /** The family's error answer for a call no route serves (404) or serves with another method (405). */
  refuse(family: Family, call: HttpCall, error: DomainError): Reply;
}

/**
 * The REST route table as the HTTP front's entries: one per path (a path may serve several methods, e.g. a task's
 * GET and DELETE), a wrong method answered with the family's 405 naming the allowed ones, and each family's
 * subtree answering unknown paths with its 404.
 */
export function restFrontEntries(routes: readonly RestRoute[], endpoints: RestEndpoints): Pick<HttpFrontOptions, 'entries' | 'subtrees'> {
  const byPath = new Map<string, RestRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  const entries: FrontEntry[] = [...byPath].map(([path, served]) => {
    const methods = served.map((route) => route.method ?? 'POST');
    const allow = methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', ');
    return {
      path,
      serve: (call, params) => {
        const route = served.find((r) => (r.method ?? 'POST') === call.method);
        if (route) return endpoints.serve(route, call, params);
        const wrong = new DomainError('METHOD_NOT_ALLOWED', `${call.method} is not allowed on ${call.path}; use ${methods.join(' or ')}`, { allow });
        return Promise.resolve(endpoints.refuse(served[0]!.family, call, wrong));
      },
    };
  });
  const subtree = (family: Family) => ({
    prefix: `/${family}`,
    serve: async (call: Parameters<FrontEntry['serve']>[0]) =>
      endpoints.refuse(family, call, new DomainError('NOT_FOUND', `no route ${call.path}; see /openapi.json`)),
  });
  return { entries, subtrees: [subtree('v1'), subtree('v2')] };
}
