import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryPersistedQueryStore } from '../../src/graphql/persisted-queries.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

const auth = { authorization: `Bearer ${TEST_KEY}` };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('GraphQL cost limit in the service', () => {
  it('refuses an operation estimated at more than 100 source calls with QUERY_TOO_COMPLEX, 400, before any call', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const fields = Array.from({ length: 101 }, (_, i) => `t${i}: top(phrase: "фраза ${i}") { totalCount }`).join(' ');
    const res = await graphql(app, `{ ${fields} }`);
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveLength(1);
    expect(res.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', http: { status: 400 }, maxSourceCalls: 100 });
    expect(res.json.errors[0].message).toContain('101');
    expect(source.count()).toBe(0);
    expect(res.headers.get('x-cost')).toBe('0');
    const metrics = await (await app.fetch(new Request('http://localhost/metrics'))).text();
    expect(metrics).toMatch(/^sds_graphql_refused_total\{reason="complexity"\} 1$/m);
  });

  it('serves a card-sized query within the budget', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const res = await graphql(app, '{ top(phrase: "a") { totalCount } dynamics(phrase: "a") { trend } regions(phrase: "a") { count } }');
    expect(res.status).toBe(200);
    expect(res.json.errors).toBeUndefined();
    expect(source.count()).toBe(3);
  });
});

describe('automatic persisted queries', () => {
  const query = '{ top(phrase: "ноутбук", numPhrases: 3) { totalCount } }';
  const hash = sha256(query);
  const persisted = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

  it('asks for the text of an unknown hash, registers it with its hash, then runs it by hash alone', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const unknown = await post(app, '/graphql', { extensions: persisted(hash) });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0]).toMatchObject({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });

    const register = await post(app, '/graphql', { query, extensions: persisted(hash) });
    expect(register.status).toBe(200);
    const byHash = await post(app, '/graphql', { extensions: persisted(hash) });
    expect(byHash.status).toBe(200);
    expect(byHash.json.data).toEqual(register.json.data);

    // GET, as CDN-friendly clients send it.
    const params = new URLSearchParams({ extensions: JSON.stringify(persisted(hash)) });
    const get = await app.fetch(new Request(`http://localhost/graphql?${params}`, { headers: { ...auth, accept: 'application/json' } }));
    expect(get.status).toBe(200);
    expect((await get.json()).data).toEqual(register.json.data);
  });

  it('refuses a text whose hash does not match, and does not store it', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const other = '{ dynamics(phrase: "x") { trend } }';
    const mismatch = await post(app, '/graphql', { query: other, extensions: persisted(hash) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errors[0].extensions.code).toBe('PERSISTED_QUERY_MISMATCH');
    const after = await post(app, '/graphql', { extensions: persisted(hash) });
    expect(after.json.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('keeps the store bounded, dropping the least recently used text first', () => {
    const store = createMemoryPersistedQueryStore({ maxBytes: 30, maxQueryBytes: 12 });
    store.set('a', 'aaaaaaaaaa');
    store.set('b', 'bbbbbbbbbb');
    store.set('big', 'x'.repeat(13));
    expect(store.get('big')).toBeUndefined();
    expect(store.get('a')).toBe('aaaaaaaaaa'); // a is now the most recently used
    store.set('c', 'cccccccccc');
    store.set('d', 'dddddddddd'); // 40 bytes > 30: the least recently used (b) goes
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBe('aaaaaaaaaa');
    expect(store.get('d')).toBe('dddddddddd');
  });
});

describe('CORS', () => {
  const preflight = (app: ReturnType<typeof createTestApp>, path: string, origin: string) =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      }),
    );

  it('is closed by default: no Access-Control-Allow-Origin for any origin', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const res = await graphql(app, '{ top(phrase: "x") { totalCount } }', undefined, { ...auth, origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(app, '/graphql', 'https://evil.example');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('allows exactly the configured origins, on GraphQL and REST, exposing the cache and cost headers', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) }, { CORS_ORIGINS: 'https://dash.example, https://admin.example' });
    for (const path of ['/graphql', '/v2/stats/top']) {
      const pre = await preflight(app, path, 'https://dash.example');
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('https://dash.example');
      expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
      expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const res = await post(app, '/v2/stats/top', { phrase: 'x' }, { ...auth, origin: 'https://admin.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://admin.example');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Cache/);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Cost/);
    expect(res.headers.get('vary')).toMatch(/Origin/);

    const stranger = await post(app, '/v2/stats/top', { phrase: 'x' }, { ...auth, origin: 'https://evil.example' });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(app, '/graphql', 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows any origin with *, still without credentials', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) }, { CORS_ORIGINS: '*' });
    const res = await graphql(app, '{ top(phrase: "x") { totalCount } }', undefined, { ...auth, origin: 'https://any.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://any.example');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
