import type { Plugin } from 'graphql-yoga';

/** Response headers a browser client may read: the cache, cost and tracing headers of this service. */
const EXPOSED_HEADERS = 'X-Cache, X-Cost, X-Request-Id, X-Source, Retry-After, X-Location-Fallback';
// Mcp-Protocol-Version: browser MCP clients send it on every request after initialisation.
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, X-Request-Id, Mcp-Protocol-Version';
const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS'; // DELETE cancels a task

function appendVary(headers: Headers, value: string): void {
  const current = headers.get('vary');
  if (!current) headers.set('vary', value);
  else if (!current.toLowerCase().split(/\s*,\s*/).includes(value.toLowerCase())) headers.set('vary', `${current}, ${value}`);
}

/**
 * The CORS policy of every route (REST, GraphQL, system), replacing Yoga's default, which allows every
 * origin. Closed unless CORS_ORIGINS lists origins: a request from a listed origin (or from any, with `*`)
 * gets its origin back in Access-Control-Allow-Origin; any other gets no CORS headers, so the browser blocks
 * it. Credentials (cookies) are never allowed — clients authenticate with a bearer key. Place it FIRST among
 * the plugins so preflights are answered before routing (which would call OPTIONS a wrong method).
 */
export function useCors(origins: readonly string[]): Plugin {
  const any = origins.includes('*');
  const allowed = new Set(origins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  const enabled = any || allowed.size > 0;
  const allowedOrigin = (request: Request): string | undefined => {
    const origin = request.headers.get('origin');
    return enabled && origin && (any || allowed.has(origin.toLowerCase())) ? origin : undefined;
  };

  return {
    onRequest({ request, endResponse }) {
      if (request.method !== 'OPTIONS' || !request.headers.has('access-control-request-method')) return;
      const origin = allowedOrigin(request);
      const headers = new Headers({ 'content-length': '0' });
      if (origin) {
        headers.set('access-control-allow-origin', origin);
        headers.set('access-control-allow-methods', ALLOWED_METHODS);
        headers.set('access-control-allow-headers', ALLOWED_HEADERS);
        headers.set('access-control-max-age', '600');
      }
      if (enabled) appendVary(headers, 'Origin');
      endResponse(new Response(null, { status: 204, headers }));
    },
    onResponse({ request, response }) {
      if (!enabled || request.method === 'OPTIONS') return;
      // Responses differ by Origin once any origin is allowed: shared caches must keep them apart.
      appendVary(response.headers, 'Origin');
      const origin = allowedOrigin(request);
      if (!origin) return;
      response.headers.set('access-control-allow-origin', origin);
      response.headers.set('access-control-expose-headers', EXPOSED_HEADERS);
    },
  };
}
