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
  return async (request: Request): Promise<Response | undefined> => {
    if (new URL(request.url).pathname !== OPENAPI_PATH) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    body ??= JSON.stringify(buildOpenApiDocument(routes));
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
    });
  };
}
