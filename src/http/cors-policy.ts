import type { HeaderReader } from './exchange.js';

/** Response headers a browser client may read: the cache, cost and tracing headers of this service. */
const EXPOSED_HEADERS = 'X-Cache, X-Cost, X-Request-Id, X-Source, Retry-After, X-Location-Fallback, WWW-Authenticate';
// Mcp-Protocol-Version: browser MCP clients send it on every request after initialisation.
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, X-Request-Id, Mcp-Protocol-Version';
const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS'; // DELETE cancels a task

/** Response headers as both carriers hold them (a Reply's record, a Web Response's Headers). */
export interface HeaderWriter {
  get(name: string): string | null;
  set(name: string, value: string): void;
}

export interface CorsPolicy {
  /** For a CORS preflight (OPTIONS with Access-Control-Request-Method), the 204's headers; else undefined. */
  preflight(method: string, request: HeaderReader): Record<string, string> | undefined;
  /** Adds Vary and, for an allowed origin, Access-Control-Allow-Origin / -Expose-Headers to an answer. */
  decorate(method: string, request: HeaderReader, response: HeaderWriter): void;
}

/**
 * The CORS policy of every route (REST, GraphQL, system), replacing Yoga's default, which allows every origin.
 * Closed unless CORS_ORIGINS lists origins: a request from a listed origin (or from any, with `*`) gets its
 * origin back in Access-Control-Allow-Origin; any other gets no CORS headers, so the browser blocks it.
 * Credentials (cookies) are never allowed — clients authenticate with a bearer key.
 */
export function createCorsPolicy(origins: readonly string[]): CorsPolicy {
  const any = origins.includes('*');
  const allowed = new Set(origins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  const enabled = any || allowed.size > 0;
  const allowedOrigin = (request: HeaderReader): string | undefined => {
    const origin = request.get('origin');
    return enabled && origin && (any || allowed.has(origin.toLowerCase())) ? origin : undefined;
  };
  return {
    preflight(method, request) {
      if (method !== 'OPTIONS' || request.get('access-control-request-method') === null) return undefined;
      const origin = allowedOrigin(request);
      const headers: Record<string, string> = { 'content-length': '0' };
      if (origin) {
        headers['access-control-allow-origin'] = origin;
        headers['access-control-allow-methods'] = ALLOWED_METHODS;
        headers['access-control-allow-headers'] = ALLOWED_HEADERS;
        headers['access-control-max-age'] = '600';
      }
      if (enabled) headers.vary = 'Origin';
      return headers;
    },
    decorate(method, request, response) {
      if (!enabled || method === 'OPTIONS') return;
      // Responses differ by Origin once any origin is allowed: shared caches must keep them apart.
      appendVary(response, 'Origin');
      const origin = allowedOrigin(request);
      if (!origin) return;
      response.set('access-control-allow-origin', origin);
      response.set('access-control-expose-headers', EXPOSED_HEADERS);
    },
  };
}

function appendVary(headers: HeaderWriter, value: string): void {
  const current = headers.get('vary');
  if (!current) headers.set('vary', value);
  else if (!current.toLowerCase().split(/\s*,\s*/).includes(value.toLowerCase())) headers.set('vary', `${current}, ${value}`);
}

/** A Reply's header record as a HeaderWriter (names are lower case there). */
export function recordWriter(headers: Record<string, string>): HeaderWriter {
  return {
    get: (name) => headers[name.toLowerCase()] ?? null,
    set: (name, value) => {
      headers[name.toLowerCase()] = value;
    },
  };
}
