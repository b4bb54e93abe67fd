import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpCall, Reply } from '../http/exchange.js';

export interface MetricsRouteOptions {
  render(): Promise<{ contentType: string; body: string }>;
  /** When set, scrapes must send `Authorization: Bearer <token>`; when unset, /metrics is open. */
  token?: string | undefined;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** GET /metrics (routed here by the HTTP front): the Prometheus text exposition, behind METRICS_TOKEN when one is configured. */
export function createMetricsRoute(options: MetricsRouteOptions) {
  const expected = options.token ? digest(`Bearer ${options.token}`) : undefined;
  return async (call: HttpCall): Promise<Reply> => {
    if (call.method !== 'GET' && call.method !== 'HEAD') {
      return { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' }, body: 'use GET\n' };
    }
    if (expected) {
      const presented = digest((call.headers.get('authorization') ?? '').trim());
      if (!timingSafeEqual(presented, expected)) {
        return {
          status: 401,
          headers: { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain' },
          body: 'a valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>\n',
        };
      }
    }
    const { contentType, body } = await options.render();
    return { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' }, body };
  };
}
