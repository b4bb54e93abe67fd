import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createCapturedLogger } from '../support/log-capture.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function get(app: { fetch: (r: Request) => Promise<Response> }, path: string, headers: Record<string, string> = {}) {
  return app.fetch(new Request(`http://localhost${path}`, { headers }));
}

/** The value of one sample line of the Prometheus text format, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const parts = inside.split(',');
    if (wanted.every((w) => parts.includes(w)) && parts.length === wanted.length) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('request ids', () => {
  it('echoes a sane X-Request-Id on REST, GraphQL, system routes and 404s', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const headers = { authorization: `Bearer ${TEST_KEY}`, 'x-request-id': 'trace-42.abc:1' };
    expect((await post(app, '/v2/stats/top', { phrase: 'x' }, headers)).headers.get('x-request-id')).toBe('trace-42.abc:1');
    expect((await graphql(app, '{ top(phrase: "x") { totalCount } }', undefined, headers)).headers.get('x-request-id')).toBe(
      'trace-42.abc:1',
    );
    expect((await get(app, '/healthz', { 'x-request-id': 'probe-1' })).headers.get('x-request-id')).toBe('probe-1');
    expect((await get(app, '/nowhere', { 'x-request-id': 'lost-1' })).headers.get('x-request-id')).toBe('lost-1');
  });

  it('replaces a missing or unsafe id with a fresh UUID', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const seen = new Set<string>();
    for (const id of [undefined, 'has space', '<script>', 'x'.repeat(200), '-leading-dash']) {
      const res = await get(app, '/healthz', id === undefined ? {} : { 'x-request-id': id });
      const echoed = res.headers.get('x-request-id')!;
      expect(echoed).toMatch(UUID);
      seen.add(echoed);
    }
    expect(seen.size).toBe(5);
  });
});

describe('access log', () => {
  it('writes one JSON line per request with id, method, route, status, duration, cache and key id — never the key', async () => {
    const { logger, lines, text } = createCapturedLogger();
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }), logger });
    const first = await post(app, '/v2/stats/top', { phrase: 'ноутбук' });
    await post(app, '/v2/stats/top', { phrase: 'ноутбук' });
    await graphql(app, '{ top(phrase: "ноутбук") { totalCount } }');
    await post(app, '/v2/stats/top', { phrase: 'x' }, { authorization: 'Bearer wrong-key-but-secret-looking' });

    const access = lines().filter((l) => l.msg === 'request');
    expect(access).toHaveLength(4);
    expect(access[0]).toMatchObject({
      reqId: first.headers.get('x-request-id'),
      method: 'POST',
      route: '/v2/stats/top',
      status: 200,
      cache: 'MISS',
      keyId: expect.stringMatching(/^env-[0-9a-f]{12}$/),
    });
    expect(typeof access[0]!.durationMs).toBe('number');
    expect(access[1]).toMatchObject({ status: 200, cache: 'HIT', keyId: access[0]!.keyId });
    expect(access[2]).toMatchObject({ route: '/graphql', status: 200, cache: 'HIT', keyId: access[0]!.keyId });
    expect(access[3]).toMatchObject({ status: 401 });
    expect(access[3]).not.toHaveProperty('keyId');

    const all = text();
    expect(all).not.toContain(TEST_KEY);
    expect(all).not.toContain('wrong-key-but-secret-looking');
    expect(all.toLowerCase()).not.toContain('bearer');
    expect(all.toLowerCase()).not.toContain('authorization');
  });

  it('tags lines other modules write during a request with that request id', async () => {
    const { logger, lines } = createCapturedLogger();
    const source = createFakeSource({ answers: formulaAnswers, failWhen: () => new Error('boom in the adapter') });
    const app = createTestApp({ source, logger });
    const res = await post(app, '/v2/stats/top', { phrase: 'x' }, { authorization: `Bearer ${TEST_KEY}`, 'x-request-id': 'req-777' });
    expect(res.status).toBe(500);
    const logged = lines();
    const unexpected = logged.find((l) => l.msg === 'unexpected error in REST operation');
    expect(unexpected).toMatchObject({ reqId: 'req-777' });
    expect(logged.find((l) => l.msg === 'request failed')).toMatchObject({ reqId: 'req-777', status: 500, level: 50 });
  });

  it('censors credentials a careless log call might pass', () => {
    const { logger, text } = createCapturedLogger();
    logger.info({ headers: { authorization: 'Bearer leak-me-1' }, apiKey: 'leak-me-2', nested: { token: 'leak-me-3' } }, 'oops');
    expect(text()).not.toMatch(/leak-me/);
    expect(text()).toContain('[redacted]');
  });

  it('logs health probes at debug only', async () => {
    const { logger, lines } = createCapturedLogger('info');
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }), logger });
    await get(app, '/healthz');
    await get(app, '/readyz');
    expect(lines().filter((l) => l.msg === 'request')).toHaveLength(0);
  });
});

describe('/metrics', () => {
  it('counts requests by route and status, latency, cache results and upstream calls, per app instance', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    await post(app, '/v2/stats/top', { phrase: 'a' });
    await post(app, '/v2/stats/top', { phrase: 'a' });
    await post(app, '/v2/stats/top', { phrase: '' });
    await get(app, '/no/such/route');
    const res = await get(app, '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'sds_http_requests_total', { method: 'POST', route: '/v2/stats/top', status: '200' })).toBe(2);
    expect(sample(text, 'sds_http_requests_total', { method: 'POST', route: '/v2/stats/top', status: '400' })).toBe(1);
    expect(sample(text, 'sds_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'sds_http_request_duration_seconds_count', { method: 'POST', route: '/v2/stats/top' })).toBe(3);
    expect(sample(text, 'sds_http_responses_by_cache_total', { route: '/v2/stats/top', cache: 'MISS' })).toBe(1);
    expect(sample(text, 'sds_http_responses_by_cache_total', { route: '/v2/stats/top', cache: 'HIT' })).toBe(1);
    expect(sample(text, 'sds_cache_results_total', { method: 'top', result: 'MISS' })).toBe(1);
    expect(sample(text, 'sds_cache_results_total', { method: 'top', result: 'HIT' })).toBe(1);
    expect(sample(text, 'sds_source_calls_total', { method: 'top', outcome: 'ok' })).toBe(source.count('top'));
    // The names the other parts will report under exist from the start (dashboards can be built now).
    for (const name of ['sds_source_quota_remaining', 'sds_ledger_buffered_rows', 'sds_llm_calls_total', 'sds_graphql_refused_total']) {
      expect(text).toContain(`# TYPE ${name} `);
    }

    const other = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const fresh = await (await get(other, '/metrics')).text();
    expect(sample(fresh, 'sds_http_requests_total', { method: 'POST', route: '/v2/stats/top', status: '200' })).toBeUndefined();
  });

  it('counts upstream failures by their error code', async () => {
    const source = createFakeSource({ answers: formulaAnswers, failWhen: () => new DomainError('SOURCE_RATE_LIMITED', 'slow down') });
    const app = createTestApp({ source });
    await post(app, '/v2/stats/dynamics', { phrase: 'a' });
    const text = await (await get(app, '/metrics')).text();
    expect(sample(text, 'sds_source_calls_total', { method: 'dynamics', outcome: 'SOURCE_RATE_LIMITED' })).toBe(1);
  });

  it('is protected by METRICS_TOKEN when one is set', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) }, { METRICS_TOKEN: 'scrape-secret' });
    expect((await get(app, '/metrics')).status).toBe(401);
    expect((await get(app, '/metrics', { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await get(app, '/metrics', { authorization: `Bearer ${TEST_KEY}` })).status).toBe(401);
    const ok = await get(app, '/metrics', { authorization: 'Bearer scrape-secret' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('sds_http_requests_total');
  });
});

describe('/readyz', () => {
  it('reports source, cache and ledger; ready with the demo warning', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const res = await get(app, '/readyz');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ready', source: 'demo', checks: { source: { ok: true }, cache: { ok: true }, ledger: { ok: true } } });
    expect(body.warning).toContain('demo');
  });

  it('is degraded (still 200) when a part reports trouble, and says which and why', async () => {
    const { createMemoryCache } = await import('../../src/adapters/cache/memory-cache.js');
    const cache = Object.assign(createMemoryCache({ maxEntries: 100, maxBytes: 1_000_000 }), {
      checkHealth: async () => ({ status: 'down' as const, detail: 'redis: connection refused' }),
    });
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }), cache });
    const res = await get(app, '/readyz');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('degraded');
    expect(body.checks.cache).toEqual({ ok: true, degraded: true, detail: 'redis: connection refused' });
    expect(body.checks.ledger).toMatchObject({ ok: true });
  });

  it('is not ready (503) when no source is configured', async () => {
    const app = createTestApp({}, { NODE_ENV: 'production' });
    const res = await get(app, '/readyz');
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.status).toBe('not ready');
    expect(body.checks.source.ok).toBe(false);
  });
});
