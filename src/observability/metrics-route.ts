import { createHash, timingSafeEqual } from 'node:crypto';

export interface MetricsRouteOptions {
  render(): Promise<{ contentType: string; body: string }>;
  /** When set, scrapes must send `Authorization: Bearer <token>`; when unset, /metrics is open. */
  token?: string | undefined;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** GET /metrics: the Prometheus text exposition, behind METRICS_TOKEN when one is configured. */
export function createMetricsRoute(options: MetricsRouteOptions) {
  const expected = options.token ? digest(`Bearer ${options.token}`) : undefined;
  return async (request: Request): Promise<Response | undefined> => {
    if (new URL(request.url).pathname !== '/metrics') return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('use GET\n', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' } });
    }
    if (expected) {
      const presented = digest((request.headers.get('authorization') ?? '').trim());
      if (!timingSafeEqual(presented, expected)) {
        return new Response('a valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>\n', {
          status: 401,
          headers: { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain' },
        });
      }
    }
    const { contentType, body } = await options.render();
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: { 'content-type': contentType, 'cache-control': 'no-store' },
    });
  };
}
