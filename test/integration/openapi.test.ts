import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { ROUTE_DOCS } from '../../src/rest/openapi/route-docs.js';
import { envelopeErrorSchema } from '../../src/rest/openapi/schemas-v1.js';
import { problemSchema } from '../../src/rest/openapi/schemas-v2.js';
import { createFixtureSource } from '../support/fixture-source.js';
import { createTestApp, post } from '../support/app.js';

async function fetchDocument(app: ReturnType<typeof createTestApp>) {
  const res = await app.fetch(new Request('http://localhost/openapi.json'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as any;
}

describe('GET /openapi.json', () => {
  const app = createTestApp({ source: createFixtureSource().source });

  it('is served without a key and is a valid OpenAPI 3.1 document', async () => {
    const doc = await fetchDocument(app);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents exactly the routes the app serves, each as POST with a body and 200/400/401', async () => {
    const doc = await fetchDocument(app);
    const documented = Object.keys(doc.paths).sort();
    expect(documented).toEqual(app.restRoutes.map((r) => r.path).sort());
    expect(documented.length).toBeGreaterThanOrEqual(3);
    for (const path of documented) {
      const op = doc.paths[path].post;
      expect(Object.keys(doc.paths[path]), path).toEqual(['post']);
      expect(op.requestBody.content['application/json'].schema.type, path).toBe('object');
      for (const status of ['200', '400', '401']) expect(op.responses[status], `${path} ${status}`).toBeDefined();
      // The app really serves the documented path: without a key it is 401, not 404.
      const res = await post(app, path, {}, {});
      expect(res.status, path).toBe(401);
    }
  });

  it('takes request bodies from the same zod schemas the routes validate with', async () => {
    const doc = await fetchDocument(app);
    for (const route of app.restRoutes) {
      const schema = doc.paths[route.path].post.requestBody.content['application/json'].schema;
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
      const ok = doc.paths[route.path].post.responses['200'].content['application/json'];
      expect(ok.schema.$ref, route.path).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ok.schema.$ref.split('/').pop()], route.path).toBeDefined();
      expect(docs!.response.safeParse(docs!.responseExample).error, route.path).toBeUndefined();
      expect(route.schema.safeParse(docs!.requestExample).error, route.path).toBeUndefined();
    }
  });

  it('describes what the service really answers: the documented example request succeeds and matches the response schema', async () => {
    for (const route of app.restRoutes) {
      const docs = ROUTE_DOCS[route.path]!;
      const res = await post(app, route.path, docs.requestExample);
      expect(res.status, `${route.path}: ${res.text}`).toBe(200);
      const parsed = docs.response.safeParse(res.json);
      expect(parsed.error, route.path).toBeUndefined();
      expect(res.headers.get('x-cache')).toMatch(/^(HIT|MISS|STALE)$/);
    }
  });

  it('describes the error bodies of both families as they are sent', async () => {
    const doc = await fetchDocument(app);
    for (const route of app.restRoutes) {
      const errorSchema = route.family === 'v1' ? envelopeErrorSchema : problemSchema;
      const mediaType = route.family === 'v1' ? 'application/json' : 'application/problem+json';
      expect(Object.keys(doc.paths[route.path].post.responses['400'].content)).toEqual([mediaType]);
      const bad = await post(app, route.path, { phrase: 42, keyword: 42, keywords: 42 });
      expect(bad.status, route.path).toBe(400);
      expect(bad.headers.get('content-type')).toContain(mediaType);
      expect(errorSchema.safeParse(bad.json).error, route.path).toBeUndefined();
      const unauthenticated = await post(app, route.path, {}, {});
      expect(errorSchema.safeParse(unauthenticated.json).error, route.path).toBeUndefined();
    }
  });
});
