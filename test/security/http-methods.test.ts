import { describe, expect, it } from 'vitest';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

const auth = { authorization: `Bearer ${TEST_KEY}` };

function call(app: { fetch: (r: Request) => Promise<Response> }, method: string, path: string, headers: Record<string, string> = {}) {
  return app.fetch(new Request(`http://localhost${path}`, { method, headers }));
}

describe('methods on system routes (issue 11, item 8)', () => {
  const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });

  it.each([
    ['DELETE', '/readyz'],
    ['PUT', '/healthz'],
    ['POST', '/healthz'],
    ['PATCH', '/readyz'],
  ])('%s %s → 405 with Allow: GET, HEAD', async (method, path) => {
    const res = await call(app, method, path);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
  });

  it('GET still answers both probes', async () => {
    expect((await call(app, 'GET', '/healthz')).status).toBe(200);
    expect((await call(app, 'GET', '/readyz')).status).toBe(200);
  });
});

describe('HEAD on every GET route (issue 11, item 8)', () => {
  const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });

  it.each([
    ['/healthz', {}],
    ['/readyz', {}],
    ['/metrics', {}],
    ['/openapi.json', {}],
    ['/v1/usage', auth],
    ['/v2/stats/quota', auth],
  ])('HEAD %s gives the GET status and headers, no body', async (path, headers) => {
    const get = await call(app, 'GET', path, headers);
    const getBody = new Uint8Array(await get.arrayBuffer());
    const head = await call(app, 'HEAD', path, headers);
    expect(head.status).toBe(get.status);
    expect(get.status).toBeLessThan(400);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect(getBody.byteLength).toBeGreaterThan(0);
    const length = head.headers.get('content-length');
    // The request id differs between the two calls, so only the body's length is compared.
    if (length !== null) expect(Number(length)).toBeGreaterThan(0);
  });

  it('HEAD without a key on an authenticated GET route is refused like the GET', async () => {
    const head = await call(app, 'HEAD', '/v1/usage');
    expect(head.status).toBe(401);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('a 405 on a GET-only REST route lists HEAD too', async () => {
    const res = await call(app, 'DELETE', '/v2/stats/quota', auth);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('HEAD on a POST route is 405 with Allow: POST', async () => {
    const res = await call(app, 'HEAD', '/v2/stats/top', auth);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
