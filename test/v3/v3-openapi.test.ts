import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v3Routes } from '../../src/v3/routes.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';

/*
 * Issue 26: the /v3 OpenAPI document (GET /v3/openapi.json) is made from the face's route table and the registry's
 * input schemas. It parses as OpenAPI 3; it lists exactly the routes the face mounts (the table, not a list in
 * this test), each of which the router serves (no route answers its 404); a method a path does not take is the
 * documented 404; bodies carry the registry's bounds.
 */
describe('the /v3 OpenAPI document', () => {
  let app: ReturnType<typeof createTestApp>;
  let source: FakeSource;
  let doc: any;

  beforeAll(async () => {
    source = createFakeSource();
    app = createTestApp({ source });
    await app.ready();
    const response = await app.fetch(new Request('http://localhost/v3/openapi.json'));
    expect(response.status).toBe(200);
    doc = await response.json();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('parses and validates as OpenAPI 3, with servers, both ways to authenticate and the 200/401/404/500 answers', async () => {
    const checked = await validate(structuredClone(doc));
    expect(checked.valid ? [] : checked.errors).toEqual([]);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([expect.objectContaining({ url: expect.any(String) })]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['basic', 'bearer']);
    for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(['200', '401', '404', '500']);
      }
    }
  });

  it('lists every route the face mounts, and nothing else', () => {
    const documented = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const mounted = v3Routes.map((route) => `${route.method} ${route.path}`);
    expect(documented.sort()).toEqual(mounted.sort());
    expect(mounted.length).toBeGreaterThan(15);
  });

  it('each documented operation is served by the router (never the 404 of an unknown route); another method is the documented 404', async () => {
    const example = (path: string) => path.replace('{id}', '00000000-0000-4000-8000-000000000000').replace('{country}', 'ru');
    for (const [path, methods] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const url = `http://localhost${example(path)}`;
        // An empty array: a POST is read and refused by its route (40501 or 40000), not routed away.
        const init = method === 'post' ? { method: 'POST', headers: { ...AUTH_HEADER, 'content-type': 'application/json' }, body: '[]' } : { headers: AUTH_HEADER };
        const response = await app.fetch(new Request(url, init));
        const body = (await response.json()) as { tasks: { status_message: string }[] };
        expect(response.status, `${method} ${path}`).toBe(200);
        expect(body.tasks[0]!.status_message, `${method} ${path}`).not.toMatch(/^no route/);
        const other = await app.fetch(new Request(url, { method: method === 'post' ? 'GET' : 'POST', headers: AUTH_HEADER }));
        expect(other.status, `other method on ${path}`).toBe(404);
        expect(other.headers.get('allow'), path).toBe(method.toUpperCase());
      }
    }
    const unknown = await app.fetch(new Request('http://localhost/v3/keywords_data/google_ads/nothing_here', { headers: AUTH_HEADER }));
    expect(unknown.status).toBe(404);
    expect(source.count()).toBe(0);
  });

  it('POST bodies carry the registry operations\' schemas: search_volume keywords bounded live (100) and as a task (10,000), one task per live call', () => {
    const post = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
    const live = post('/v3/keywords_data/google_ads/search_volume/live');
    const task = post('/v3/keywords_data/google_ads/search_volume/task_post');
    expect(live).toMatchObject({ type: 'array', minItems: 1, maxItems: 1 });
    expect(task).toMatchObject({ type: 'array', minItems: 1, maxItems: 100 });
    expect(live.items.properties.keywords.maxItems).toBe(100);
    expect(task.items.properties.keywords.maxItems).toBe(10_000);
    expect(task.items.properties).toHaveProperty('postback_url');
    expect(live.items.properties).not.toHaveProperty('postback_url');
    expect(live.items.properties.sort_by.enum).toEqual(['relevance', 'search_volume', 'competition_index']);
    expect(post('/v3/dataforseo_labs/google/related_keywords/live').items.properties.depth).toMatchObject({ minimum: 0, maximum: 4 });
  });
});
