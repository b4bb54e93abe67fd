import { describe, expect, it } from 'vitest';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';

describe('GraphQL', () => {
  it('answers top, dynamics and regions with the same numbers as REST, sharing the cache', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const restTop = await post(app, '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 10 });
    const restDyn = await post(app, '/v2/stats/dynamics', { phrase: 'ноутбук', period: 'weekly' });
    const restReg = await post(app, '/v2/stats/regions', { phrase: 'ноутбук', region: 'cities' });
    const gql = await graphql(
      app,
      `{ top(phrase: "ноутбук", numPhrases: 10) { results { phrase count } associations { phrase count } totalCount }
         dynamics(phrase: "ноутбук", period: WEEKLY) { results { date count share } trend seasonality { trendClass } }
         regions(phrase: "ноутбук", level: CITIES) { regionId regionName regionNameEn regionType parentId parentName parentNameEn countryCode count share affinityIndex } }`,
    );
    expect(gql.status).toBe(200);
    expect(gql.json.errors).toBeUndefined();
    expect(gql.json.data.top).toEqual(restTop.json);
    expect(gql.json.data.dynamics).toEqual(restDyn.json);
    expect(gql.json.data.regions).toEqual(restReg.json.regions);
    // Every source call was already made by REST: the GraphQL request is wholly a cache hit.
    expect(gql.headers.get('x-cache')).toBe('HIT');
    expect(gql.json.extensions).toMatchObject({ cacheStatus: 'HIT', cost: 0.1 });
    expect(gql.headers.get('x-cost')).toBe('0.1');
    expect(source.count()).toBe(3);
  });

  it('refuses a missing or wrong key with HTTP 401 and UNAUTHENTICATED', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    for (const headers of [{}, { authorization: 'Bearer nope-nope-nope' }] as Record<string, string>[]) {
      const res = await graphql(app, '{ top(phrase: "x") { totalCount } }', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.json.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', http: { status: 401 } });
    }
  });

  it.each([
    ['{ top(phrase: "") { totalCount } }', 'phrase'],
    ['{ top(phrase: "x", numPhrases: 2001) { totalCount } }', 'numPhrases'],
    ['{ top(phrase: "x", numPhrases: -3) { totalCount } }', 'numPhrases'],
    ['{ top(phrase: "x", regions: [4242424]) { totalCount } }', 'regions[0]'],
    ['{ dynamics(phrase: "x", fromDate: "2026-06-01", toDate: "2026-01-01") { trend } }', 'fromDate'],
    ['{ dynamics(phrase: "x", period: DAILY, fromDate: "2025-01-01") { trend } }', 'fromDate'],
  ])('%s → BAD_USER_INPUT naming %s, HTTP 400, no source call, cost 0', async (query, field) => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const res = await graphql(app, query);
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field, http: { status: 400 } });
    expect(res.json.errors[0].message).toContain(field.replace(/\[\d+\]$/, ''));
    expect(res.headers.get('x-cost')).toBe('0');
    expect(source.count()).toBe(0);
  });

  it('refuses a malformed Date and an unknown enum value before execution', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const badDate = await graphql(app, 'query($d: Date) { dynamics(phrase: "x", fromDate: $d) { trend } }', { d: '2026-02-30' });
    expect(badDate.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(badDate.json.errors[0].message).toContain('YYYY-MM-DD');
    const badEnum = await graphql(app, '{ dynamics(phrase: "x", period: YEARLY) { trend } }');
    expect(badEnum.json.errors[0].message).toContain('YEARLY');
    expect(badEnum.json.data).toBeUndefined();
  });

  it('maps source failures to their codes and statuses', async () => {
    const { DomainError } = await import('../../src/domain/errors.js');
    const source = createFakeSource({ answers: formulaAnswers, failWhen: () => new DomainError('SOURCE_QUOTA_EXHAUSTED', 'spent', { retryAfterSeconds: 60 }) });
    const app = createTestApp({ source });
    const res = await graphql(app, '{ top(phrase: "x") { totalCount } }');
    expect(res.status).toBe(403);
    expect(res.json.errors[0].extensions).toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED', http: { status: 403 }, retryAfter: 60 });
  });

  it('serves GraphiQL without a key, with every asset from this service', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const page = await app.fetch(new Request('http://localhost/graphql', { headers: { accept: 'text/html' } }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/graphiql/assets/');
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of html.match(/\/graphiql\/assets\/[^"'\s>)]+/g) ?? []) {
      const res = await app.fetch(new Request(`http://localhost${asset}`));
      expect(res.status, asset).toBe(200);
    }
    const traversal = await app.fetch(new Request('http://localhost/graphiql/assets/..%2Fpackage.json'));
    expect(traversal.status).toBe(404);
  });
});

describe('GraphQL without a key', () => {
  it('answers an introspection-only request (GraphiQL docs) but nothing else, and bills nothing', async () => {
    const { createMemoryLedger } = await import('../../src/adapters/memory-ledger.js');
    const ledger = createMemoryLedger();
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source, ledger });
    const schema = await graphql(app, '{ __schema { queryType { name } } }', undefined, {});
    expect(schema.status).toBe(200);
    expect(schema.json.data.__schema.queryType.name).toBe('Query');
    expect(schema.headers.get('x-cost')).toBe('0');
    const { getIntrospectionQuery } = await import('graphql');
    const full = await graphql(app, getIntrospectionQuery(), undefined, {});
    expect(full.json.data.__schema.types.length).toBeGreaterThan(10);
    const withBadKey = await graphql(app, 'query Intro { __type(name: "Top") { name } }', undefined, { authorization: 'Bearer <your API key>' });
    expect(withBadKey.json.data.__type.name).toBe('Top');
    // Data next to introspection still needs a key.
    const mixed = await graphql(app, '{ __typename top(phrase: "x") { totalCount } }', undefined, {});
    expect(mixed.status).toBe(401);
    expect(source.count()).toBe(0);
    expect(ledger.rows()).toHaveLength(0);
  });
});
