import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DynamicsDocument,
  KeywordDocument,
  KeywordsDocument,
  RegionsDocument,
  SuggestionsDocument,
  TopDocument,
} from '../generated/graphql.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';
import { runTyped } from '../support/typed-graphql.js';

// The example operations of graphql.md, as generated typed documents (npm run codegen): the same numbers as
// the REST equivalents, and result types a client can rely on.
describe('typed example operations', () => {
  it('dynamics: typed points and trend, equal to /v2/stats/dynamics', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const { status, data } = await runTyped(app, DynamicsDocument, { phrase: 'велосипед', period: 'WEEKLY' });
    expect(status).toBe(200);
    expectTypeOf(data!.dynamics.trend).toEqualTypeOf<string>();
    expectTypeOf(data!.dynamics.results[0]!.date).toEqualTypeOf<string>();
    const rest = await post(app, '/v2/stats/dynamics', { phrase: 'велосипед', period: 'weekly' });
    // The example document leaves out seasonality (null for a weekly window anyway).
    expect(data!.dynamics).toEqual({ results: rest.json.results, trend: rest.json.trend });
    expect(rest.json.seasonality).toBeNull();
    expect(data!.dynamics.results).toHaveLength(52);
  });

  it('top: typed counts, equal to /v2/stats/top', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const { data } = await runTyped(app, TopDocument, { phrase: 'ноутбук', numPhrases: 10 });
    expectTypeOf(data!.top.totalCount).toEqualTypeOf<number>();
    const rest = await post(app, '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 10 });
    expect(data!.top).toEqual({ totalCount: rest.json.totalCount, results: rest.json.results });
  });

  it('regions: typed rows, equal to /v2/stats/regions', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const { data } = await runTyped(app, RegionsDocument, { phrase: 'пицца', level: 'CITIES' });
    expectTypeOf(data!.regions[0]!.regionNameEn).toEqualTypeOf<string>();
    const rest = await post(app, '/v2/stats/regions', { phrase: 'пицца', region: 'cities' });
    const pick = ({ regionId, regionNameEn, count, share, affinityIndex }: Record<string, unknown>) => ({
      regionId,
      regionNameEn,
      count,
      share,
      affinityIndex,
    });
    expect(data!.regions).toEqual(rest.json.regions.map(pick));
    expect(data!.regions.length).toBeGreaterThan(0);
  });
});

describe('typed keyword operations', () => {
  it('keyword, keywords and suggestions: typed, equal to the /v1 answers', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const one = await runTyped(app, KeywordDocument, { phrase: 'купить ноутбук' });
    expectTypeOf(one.data!.keyword.searchVolume).toEqualTypeOf<number>();
    const rest = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'] });
    const item = rest.json.tasks[0].result[0];
    expect(one.data!.keyword.searchVolume).toBe(item.search_volume);
    expect(one.data!.keyword.monthlySearches.map((m) => m.searchVolume)).toEqual(
      item.monthly_searches.map((m: { search_volume: number }) => m.search_volume),
    );

    const many = await runTyped(app, KeywordsDocument, { phrases: ['пицца', 'ноутбук'] });
    expect(many.data!.keywords.map((k) => k?.phrase)).toEqual(['пицца', 'ноутбук']);
    expect(many.data!.keywords[0]!.dynamics.trend).toMatch(/^(up|down|stable)/);

    const suggestions = await runTyped(app, SuggestionsDocument, { keyword: 'велосипед', limit: 5 });
    const restSuggestions = await post(app, '/v1/keywords/suggestions', { keyword: 'велосипед', limit: 5 });
    expect(suggestions.data!.suggestions.items.map((i) => i.keyword)).toEqual(
      restSuggestions.json.tasks[0].result[0].items.map((i: { keyword: string }) => i.keyword),
    );
  });
});
