import type { ServiceRuntime } from '../services/runtime.js';
import { jsonResponse } from './responses.js';

/** Readiness of one dependency, as /readyz reports it. */
export interface DependencyCheck {
  name: string;
  check(): Promise<{ ok: boolean; detail?: string }>;
}

/**
 * Unauthenticated operational routes: /healthz (the process is up) and /readyz (source, cache and ledger
 * reachable; 503 when a required one is not; degraded states reported in the body).
 */
export function createSystemRoutes(runtime: ServiceRuntime, checks: readonly DependencyCheck[]) {
  return async (request: Request): Promise<Response | undefined> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/healthz') return jsonResponse({ status: 'ok' }, 200);
    if (pathname !== '/readyz') return undefined;
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
    return jsonResponse(
      {
        status: ready ? 'ready' : 'not ready',
        source: runtime.sourceKind,
        ...(runtime.sourceKind === 'demo' ? { warning: 'serving the built-in demo model, not real Wordstat data' } : {}),
        checks: Object.fromEntries(results.map((r) => [r.name, { ok: r.ok, ...(r.detail ? { detail: r.detail } : {}) }])),
      },
      ready ? 200 : 503,
    );
  };
}
