import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

/**
 * Odd paths and methods at the HTTP front (find-my-way): never a 500, and a path under /v1 or /v2 always gets its
 * family's error body — including paths the router cannot read (a malformed %-escape, an over-long parameter),
 * which fall outside its radix tree. HEAD answers carry no body.
 */
describe('HTTP front: odd paths and methods', () => {
  const app = createTestApp();
  const call = (path: string, method: string) =>
    app.fetch(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${TEST_KEY}` } }));
  const METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'];

  it('a /v1 path the router cannot read is the /v1 envelope 404, a /v2 one the problem+json 404', async () => {
    const cases: [string, 'v1' | 'v2'][] = [
      ['/v1/keywords/search_volume/task_get/%E0%A4%A', 'v1'],
      ['/v1/keywords/search_volume/task_get/%', 'v1'],
      [`/v1/keywords/search_volume/task_get/${'a'.repeat(5000)}`, 'v1'],
      ['/v2/stats/%ZZ', 'v2'],
      [`/v2/${'b/'.repeat(3000)}`, 'v2'],
      ['/v2/stats/top/', 'v2'],
      ['/v2/stats/TOP', 'v2'],
    ];
    for (const [path, family] of cases) {
      for (const method of ['GET', 'POST', 'DELETE', 'PUT']) {
        const response = await call(path, method);
        expect(response.status, `${method} ${path.slice(0, 50)}`).toBe(404);
        const body = await response.json();
        if (family === 'v1') expect(body, path).toMatchObject({ status_code: 40400, tasks: [{ status_code: 40400 }] });
        else expect(body, path).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
    }
  });

  it('no method on any of these paths is a 500, and HEAD never carries a body', async () => {
    const paths = ['/v2/stats/top?x=%', '//v2/stats/top', '/healthz/', '/metrics?x', '/v1/keywords/search_volume/task_get/..%2F..%2Fhealthz', '/openapi.json', '/nowhere'];
    for (const path of paths) {
      for (const method of METHODS) {
        const response = await call(path, method);
        // (the task route may answer 503: this app has no task database)
        expect(response.status, `${method} ${path}`).not.toBe(500);
        if (method === 'HEAD') expect((await response.arrayBuffer()).byteLength, `HEAD ${path}`).toBe(0);
      }
    }
  });

  it('a wrong method names the allowed ones, in the family shape, before any authentication', async () => {
    const response = await app.fetch(new Request('http://localhost/v1/keywords/search_volume/task_get/0b6f3d2a-6c1e-4f7b-9a51-3f0c1e2d4b5a', { method: 'PUT' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, DELETE');
    expect((await response.json()).status_code).toBe(40002);
  });
});
