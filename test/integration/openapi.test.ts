import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { ROUTE_DOCS } from '../../src/rest/openapi/route-docs.js';
import { envelopeErrorSchema } from '../../src/operations/schemas/v1.js';
import { problemSchema } from '../../src/operations/schemas/v2.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import type { RestRoute } from '../../src/rest/routes.js';
import { createTestApp, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

const methodOf = (route: RestRoute) => (route.method ?? 'POST').toLowerCase();
const isGet = (route: RestRoute) => methodOf(route) === 'get';

/** A path with parameters made concrete: `{id}` becomes a task of the route's operation, posted for the purpose. */
async function concretePath(app: ReturnType<typeof createTestApp>, route: RestRoute): Promise<string> {
  if (!route.path.includes('{')) return route.path;
  const base = route.path.slice(0, route.path.indexOf('/task_get/'));
  const body = ROUTE_DOCS[`${base}/task_post`]!.requestExample; // the operation's own documented task body
  const posted = await post(app, `${base}/task_post`, body);
  return route.path.replace('{id}', posted.json.tasks[0].id);
}

/** Calls a route as documented: POST with a JSON body, or GET (DELETE) with the fields as query parameters. */
async function call(
  app: ReturnType<typeof createTestApp>,
  route: RestRoute,
  body: Record<string, unknown>,
  headers: Record<string, string> = { authorization: `Bearer ${TEST_KEY}` },
) {
  const path = await concretePath(app, route);
  if (methodOf(route) === 'post') return post(app, path, body, headers);
  const query = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
  const res = await app.fetch(new Request(`http://localhost${path}?${query}`, { method: methodOf(route).toUpperCase(), headers }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: JSON.parse(text), text };
}

async function fetchDocument(app: ReturnType<typeof createTestApp>) {
  const res = await app.fetch(new Request('http://localhost/openapi.json'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as any;
}

describe('GET /openapi.json', () => {
  // Tasks live in an in-memory database; no workers (TASK_WORKERS=0): the task routes are documented, not run.
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    client = await createTestPglite();
    app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }), taskClient: client }, { TASK_WORKERS: '0' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await client?.close();
  }, 60_000);

  it('is served without a key and is a valid OpenAPI 3.1 document', async () => {
    const doc = await fetchDocument(app);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('a route with a table lists format json, csv and xlsx, and the XLSX answer under its content type, as served', async () => {
    const doc = await fetchDocument(app);
    const route = doc.paths['/v1/keywords/search_volume'].post;
    const format = route.parameters.find((p: { name: string }) => p.name === 'format');
    expect(format.schema.enum).toEqual(['json', 'csv', 'xlsx']);
    const xlsxType = Object.keys(route.responses['200'].content).find((type) => type.includes('spreadsheetml'))!;
    expect(xlsxType).toBeDefined();
    const served = await app.fetch(
      new Request('http://localhost/v1/keywords/search_volume?format=xlsx', {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ keywords: ['пицца'] }),
      }),
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(xlsxType);
    await served.arrayBuffer();
  });

  it('documents exactly the routes the app serves, each with its method, input and 200/400/401', async () => {
    const doc = await fetchDocument(app);
    const documented = Object.keys(doc.paths).sort();
    expect(documented).toEqual([...new Set(app.restRoutes.map((r) => r.path))].sort());
    expect(documented.length).toBeGreaterThanOrEqual(3);
    for (const route of app.restRoutes) {
      const path = route.path;
      expect(Object.keys(doc.paths[path]), path).toContain(methodOf(route));
      const op = doc.paths[path][methodOf(route)];
      if (methodOf(route) !== 'post') expect(op.requestBody, path).toBeUndefined();
      else expect(op.requestBody.content['application/json'].schema.type, path).toBe('object');
      for (const status of ['200', '400', '401']) expect(op.responses[status], `${path} ${status}`).toBeDefined();
      // The app really serves the documented path: without a key it is 401, not 404.
      const res = await call(app, route, {}, {});
      expect(res.status, path).toBe(401);
    }
  });

  it('takes request bodies from the same zod schemas the routes validate with', async () => {
    const doc = await fetchDocument(app);
    for (const route of app.restRoutes) {
      const op = doc.paths[route.path][methodOf(route)];
      const query = (op.parameters ?? []).filter((p: any) => p.in === 'query');
      const schema = methodOf(route) !== 'post'
        ? {
            properties: Object.fromEntries(query.map((p: any) => [p.name, { ...p.schema, description: p.description }])),
            required: query.filter((p: any) => p.required).map((p: any) => p.name),
          }
        : op.requestBody.content['application/json'].schema;
      const shape = (route.schema as any).shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
      expect(Object.keys(schema.properties).sort(), route.path).toEqual(Object.keys(shape).sort());
      const required = Object.entries(shape).filter(([, field]) => !field.safeParse(undefined).success).map(([name]) => name);
      expect((schema.required ?? []).sort(), route.path).toEqual(required.sort());
      // Every documented field exists in the schema, and is described in the document.
      for (const name of Object.keys(ROUTE_DOCS[route.path]?.fields ?? {})) {
        expect(schema.properties[name]?.description, `${route.path} ${name}`).toEqual(expect.any(String));
      }
    }
    const top = doc.paths['/v2/stats/top'].post.requestBody.content['application/json'].schema;
    expect(top.properties.numPhrases.type).toBe('integer');
    expect(top.properties.devices.anyOf).toHaveLength(2); // one string or an array of strings
  });

  it('has a specific response schema for every route, and its examples are true to the schemas', async () => {
    const doc = await fetchDocument(app);
    for (const route of app.restRoutes) {
      const docs = ROUTE_DOCS[route.path];
      expect(docs, `${route.path} needs an entry in src/rest/openapi/route-docs.ts`).toBeDefined();
      const content = doc.paths[route.path][methodOf(route)].responses['200'].content;
      if (docs!.file) {
        // A file's route (core_workbook) documents the file; its summary schema is what MCP answers.
        expect(Object.keys(content), route.path).toEqual([docs!.file]);
        expect(docs!.response.safeParse(docs!.responseExample).error, route.path).toBeUndefined();
        continue;
      }
      const ok = content['application/json'];
      expect(ok.schema.$ref, route.path).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ok.schema.$ref.split('/').pop()], route.path).toBeDefined();
      expect(docs!.response.safeParse(docs!.responseExample).error, route.path).toBeUndefined();
      expect(route.schema.safeParse(docs!.requestExample).error, route.path).toBeUndefined();
    }
  });

  it('describes what the service really answers: the documented example request succeeds and matches the response schema', async () => {
    for (const route of app.restRoutes) {
      const docs = ROUTE_DOCS[route.path]!;
      const res = await call(app, route, docs.requestExample);
      expect(res.status, `${route.path}: ${res.text}`).toBe(200);
      if (docs.file) {
        expect(res.headers.get('content-type'), route.path).toBe(docs.file);
        continue;
      }
      const parsed = docs.response.safeParse(res.json);
      expect(parsed.error, route.path).toBeUndefined();
      // Free account reads say nothing about the cache.
      if (route.free) expect(res.headers.get('x-cache')).toBeNull();
      else expect(res.headers.get('x-cache')).toMatch(/^(HIT|MISS|STALE)$/);
    }
  });

  it('describes the error bodies of both families as they are sent', async () => {
    const doc = await fetchDocument(app);
    for (const route of app.restRoutes) {
      const errorSchema = route.family === 'v1' ? envelopeErrorSchema : problemSchema;
      const mediaType = route.family === 'v1' ? 'application/json' : 'application/problem+json';
      expect(Object.keys(doc.paths[route.path][methodOf(route)].responses['400'].content)).toEqual([mediaType]);
      // A route without fields (quota) has no bad input; the others refuse a wrong value naming the field.
      if (Object.keys((route.schema as any).shape).length > 0) {
        // (task_get's fields are its page: offset, limit.)
        const wrong = isGet(route) ? { from: 'yesterday', offset: 'yesterday' } : { phrase: 42, keyword: 42, keywords: 42 };
        const bad = await call(app, route, wrong);
        // A task post answers 200 as the format does; the refused task carries its own 40501 naming the field.
        const status = route.envelope === 'own' ? bad.json.tasks[0].status_code : bad.status;
        expect(status, route.path).toBe(route.envelope === 'own' ? 40501 : 400);
        expect(bad.headers.get('content-type')).toContain(mediaType);
        expect(errorSchema.safeParse(bad.json).error, route.path).toBeUndefined();
      }
      const unauthenticated = await call(app, route, {}, {});
      expect(errorSchema.safeParse(unauthenticated.json).error, route.path).toBeUndefined();
    }
  });
});
