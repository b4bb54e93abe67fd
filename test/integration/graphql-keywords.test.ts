import { describe, expect, it } from 'vitest';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';

const thirty = Array.from({ length: 30 }, (_, i) => `запрос ${i}`);

describe('GraphQL keyword fields', () => {
  it('keyword, keywords and suggestions give the /v1 numbers', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    const rest = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук', 'пицца'], location_code: 1012 });
    const suggest = await post(app, '/v1/keywords/suggestions', { keyword: 'ноутбук', limit: 5 });
    const gql = await graphql(
      app,
      `{ keywords(phrases: ["купить ноутбук", "пицца"], locationCode: 1012) { phrase locationCode languageCode searchVolume competition competitionLevel cpc monthlySearches { year month searchVolume } }
         keyword(phrase: "пицца", locationCode: 1012) { searchVolume }
         suggestions(keyword: "ноутбук", limit: 5) { seedKeyword items { keyword searchVolume competition cpc } } }`,
    );
    expect(gql.json.errors).toBeUndefined();
    const items = rest.json.tasks[0].result;
    expect(gql.json.data.keywords).toEqual(
      items.map((i: any) => ({
        phrase: i.keyword,
        locationCode: i.location_code,
        languageCode: i.language_code,
        searchVolume: i.search_volume,
        competition: i.competition,
        competitionLevel: i.competition_level,
        cpc: i.cpc,
        monthlySearches: i.monthly_searches.map((m: any) => ({ year: m.year, month: m.month, searchVolume: m.search_volume })),
      })),
    );
    expect(gql.json.data.keyword.searchVolume).toBe(items[1].search_volume);
    const s = suggest.json.tasks[0].result[0];
    expect(gql.json.data.suggestions).toEqual({
      seedKeyword: s.seed_keyword,
      items: s.items.map((i: any) => ({ keyword: i.keyword, searchVolume: i.search_volume, competition: i.competition, cpc: i.cpc })),
    });
    // Everything GraphQL needed was already fetched by /v1.
    expect(gql.headers.get('x-cache')).toBe('HIT');
  });

  it('makes each distinct source call once for 30 keywords, duplicates and nested views', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    // 27 distinct phrases and 3 repeats in other spellings: 30 items × 3 source-backed fields = 90 estimated
    // calls, within the 100 a query may cost.
    const phrases = [...thirty.slice(0, 27), 'запрос 3', '  ЗАПРОС 7 ', 'запрос   12'];
    const res = await graphql(
      app,
      `query($p: [String!]!) { keywords(phrases: $p) { phrase searchVolume dynamics { trend } regions(level: CITIES) { regionId } }
        again: keyword(phrase: "запрос 0") { searchVolume dynamics { trend } all: regions { regionId } } }`,
      { p: phrases },
    );
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.keywords).toHaveLength(30);
    // Per distinct phrase: one monthly dynamics (shared by searchVolume, nested dynamics and `again`) and one
    // regions call (serving both levels).
    expect(source.count('dynamics')).toBe(27);
    expect(source.count('regions')).toBe(27);
    expect(source.calls).toHaveLength(54);
    expect(res.json.data.keywords[27].phrase).toBe('запрос 3');
    expect(res.json.data.keywords[28].phrase).toBe('  ЗАПРОС 7 ');
  });

  it('refuses a query that would fan out into more source calls than one REST request, before any call', async () => {
    const source = createFakeSource();
    const res = await graphql(
      createTestApp({ source }),
      'query($p: [String!]!) { keywords(phrases: $p) { dynamics { trend } weekly: dynamics(period: WEEKLY) { trend } } }',
      { p: thirty.concat(thirty.map((p) => `${p} x`)) },
    );
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(source.calls).toHaveLength(0);
  });

  it('one source call per distinct keyword across /v1, /v2 and GraphQL', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    await post(app, '/v1/keywords/search_volume', { keywords: ['пицца', 'купить ноутбук'] });
    await post(app, '/v2/stats/dynamics', { phrase: 'Пицца', regions: [225] });
    await graphql(app, '{ keywords(phrases: ["пицца", "купить ноутбук", "ноутбук"]) { searchVolume } dynamics(phrase: "купить ноутбук", regions: [225]) { trend } }');
    expect(source.count('dynamics')).toBe(3);
    expect(source.calls.length).toBe(3);
  });

  it('prices suggestions at the seed list plus the verification budget', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source }, { SUGGESTIONS_CALL_BUDGET: '10' });
    // 9 × (1 + 10) = 99 fits; 10 × 11 = 110 does not.
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `s${i}: suggestions(keyword: "seed ${i}") { seedKeyword }`).join(' ');
    expect((await graphql(app, `{ ${fields(9)} }`)).json.errors).toBeUndefined();
    const refused = await graphql(app, `{ ${fields(10)} }`);
    expect(refused.json.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it.each([
    [`{ keywords(phrases: [${Array.from({ length: 101 }, (_, i) => `"k${i}"`).join(',')}]) { searchVolume } }`, 'phrases'],
    ['{ keywords(phrases: []) { searchVolume } }', 'phrases'],
    ['{ keywords(phrases: ["ok", " "]) { searchVolume } }', 'phrases[1]'],
    ['{ keyword(phrase: "") { searchVolume } }', 'phrase'],
    ['{ suggestions(keyword: "x", limit: 0) { seedKeyword } }', 'limit'],
    ['{ suggestions(keyword: "x", limit: 101) { seedKeyword } }', 'limit'],
  ])('%s → BAD_USER_INPUT naming %s, no source call', async (query, field) => {
    const source = createFakeSource();
    const res = await graphql(createTestApp({ source }), query);
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(source.calls).toHaveLength(0);
  });
});
