import { describe, expect, it } from 'vitest';
import { createFixtureSource } from '../support/fixture-source.js';
import { createTestApp, graphql, post } from '../support/app.js';

const thirty = Array.from({ length: 30 }, (_, i) => `запрос ${i}`);

describe('GraphQL keyword fields', () => {
  it('keyword, keywords and suggestions give the /v1 numbers', async () => {
    const source = createFixtureSource();
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
    const source = createFixtureSource();
    const app = createTestApp({ source });
    const phrases = [...thirty, 'запрос 3', '  ЗАПРОС 7 ', 'запрос   12'];
    const res = await graphql(
      app,
      `query($p: [String!]!) { keywords(phrases: $p) { phrase searchVolume
          dynamics { trend } weekly: dynamics(period: WEEKLY) { trend } regions(level: CITIES) { regionId } all: regions { regionId } top(numPhrases: 10) { totalCount } }
        again: keyword(phrase: "запрос 0") { searchVolume dynamics { trend } } }`,
      { p: phrases },
    );
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.keywords).toHaveLength(33);
    // Per distinct phrase: monthly dynamics (shared by searchVolume, nested dynamics and `again`), weekly
    // dynamics, one regions call (both levels), one top.
    expect(source.count('dynamics')).toBe(30 * 2);
    expect(source.count('regions')).toBe(30);
    expect(source.count('top')).toBe(30);
    expect(res.json.data.keywords[30].phrase).toBe('запрос 3');
    expect(res.json.data.keywords[31].phrase).toBe('  ЗАПРОС 7 ');
  });

  it('one source call per distinct keyword across /v1, /v2 and GraphQL', async () => {
    const source = createFixtureSource();
    const app = createTestApp({ source });
    await post(app, '/v1/keywords/search_volume', { keywords: ['пицца', 'купить ноутбук'] });
    await post(app, '/v2/stats/dynamics', { phrase: 'Пицца' });
    await graphql(app, '{ keywords(phrases: ["пицца", "купить ноутбук", "ноутбук"]) { searchVolume } dynamics(phrase: "купить ноутбук") { trend } }');
    expect(source.count('dynamics')).toBe(3);
    expect(source.calls.length).toBe(3);
  });

  it.each([
    [`{ keywords(phrases: [${Array.from({ length: 101 }, (_, i) => `"k${i}"`).join(',')}]) { searchVolume } }`, 'phrases'],
    ['{ keywords(phrases: []) { searchVolume } }', 'phrases'],
    ['{ keywords(phrases: ["ok", " "]) { searchVolume } }', 'phrases[1]'],
    ['{ keyword(phrase: "") { searchVolume } }', 'phrase'],
    ['{ suggestions(keyword: "x", limit: 0) { seedKeyword } }', 'limit'],
    ['{ suggestions(keyword: "x", limit: 101) { seedKeyword } }', 'limit'],
  ])('%s → BAD_USER_INPUT naming %s, no source call', async (query, field) => {
    const source = createFixtureSource();
    const res = await graphql(createTestApp({ source }), query);
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(source.calls).toHaveLength(0);
  });
});
