import { DomainError } from '../domain/errors.js';
import type { DependencyCheck } from '../ports/health.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { type HttpCall, jsonReply, type Reply } from '../http/exchange.js';
import { problemReply } from './responses.js';

/**
 * Unauthenticated operational routes (the HTTP front routes /healthz and /readyz here): /healthz (the process is up) and /readyz (source, cache and ledger
 * reachable; 503 when a required one is not; degraded states reported in the body).
 */
export function createSystemRoutes(runtime: ServiceRuntime, checks: readonly DependencyCheck[]) {
  return async (call: HttpCall): Promise<Reply> => {
    const pathname = call.path;
    // Probes only read: a DELETE or PUT answered 200 would tell a scanner the route does what it asked.
    if (call.method !== 'GET' && call.method !== 'HEAD') return methodNotAllowed(call.method, pathname);
    if (pathname === '/healthz') return jsonReply({ status: 'ok' }, 200);
    const results = await Promise.all(
      checks.map(async (c) => {
        try {
          return { name: c.name, ...(await c.check()) };
        } catch (error) {
          return { name: c.name, ok: false, detail: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    const ready = runtime.sourceKind !== 'none' && results.every((r) => r.ok);
    const degraded = results.some((r) => 'degraded' in r && r.degraded);
    return jsonReply(
      {
        status: ready ? (degraded ? 'degraded' : 'ready') : 'not ready',
        source: runtime.sourceKind,
        ...(runtime.sourceKind === 'demo' ? { warning: 'serving the built-in demo model, not real Wordstat data' } : {}),
        checks: Object.fromEntries(
          results.map((r) => [
            r.name,
            { ok: r.ok, ...('degraded' in r && r.degraded ? { degraded: true } : {}), ...(r.detail ? { detail: r.detail } : {}) },
          ]),
        ),
      },
      ready ? 200 : 503,
    );
  };
}

function methodNotAllowed(method: string, pathname: string): Reply {
  return problemReply(new DomainError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${pathname}; use GET or HEAD`, { allow: 'GET, HEAD' }));
}
