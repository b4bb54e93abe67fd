import type { Plugin } from 'graphql-yoga';
import { createCorsPolicy } from './cors-policy.js';

/**
 * The CORS policy (cors-policy.ts) for what Yoga serves (GraphQL, the explorer, MCP, admin); the REST and system
 * routes apply the same policy in the HTTP front. Place it FIRST among the plugins so preflights are answered
 * before routing (which would call OPTIONS a wrong method).
 */
export function useCors(origins: readonly string[]): Plugin {
  const policy = createCorsPolicy(origins);
  return {
    onRequest({ request, endResponse }) {
      const preflight = policy.preflight(request.method, request.headers);
      if (preflight) endResponse(new Response(null, { status: 204, headers: preflight }));
    },
    onResponse({ request, response }) {
      policy.decorate(request.method, request.headers, response.headers);
    },
  };
}
