import type { HttpCall, Reply } from '../../http/exchange.js';
import type { RestRoute } from '../routes.js';
import { buildOpenApiDocument } from './document.js';

/** The path the document is served at (unauthenticated). */
export const OPENAPI_PATH = '/openapi.json';

/**
 * GET /openapi.json: the document of exactly the routes the REST handler serves (pass the same array),
 * built on first request and kept.
 */
export function createOpenApiRoute(routes: readonly RestRoute[]) {
  let body: string | undefined;
  return async (call: HttpCall): Promise<Reply> => {
    if (call.method !== 'GET' && call.method !== 'HEAD') return { status: 405, headers: { allow: 'GET, HEAD' }, body: null };
    body ??= JSON.stringify(buildOpenApiDocument(routes));
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' }, body };
  };
}
