import { describe, expect, expectTypeOf, it } from 'vitest';
import { DynamicsDocument, RegionsDocument, TopDocument } from '../generated/graphql.js';
import { createFixtureSource } from '../support/fixture-source.js';
import { createTestApp, post } from '../support/app.js';
import { runTyped } from '../support/typed-graphql.js';

// The example operations of graphql.md, as generated typed documents (npm run codegen): the same numbers as
// the REST equivalents, and result types a client can rely on.
describe('typed example operations', () => {
  it('dynamics: typed points and trend, equal to /v2/stats/dynamics', async () => {
    const app = createTestApp({ source: createFixtureSource().source });
    const { status, data } = await runTyped(app, DynamicsDocument, { phrase: 'велосипед', period: 'WEEKLY' });
    expect(status).toBe(200);
    expectTypeOf(data!.dynamics.trend).toEqualTypeOf<string>();
    expectTypeOf(data!.dynamics.results[0]!.date).toEqualTypeOf<string>();
    const rest = await post(app, '/v2/stats/dynamics', { phrase: 'велосипед', period: 'weekly' });
    expect(data!.dynamics).toEqual(rest.json);
    expect(data!.dynamics.results).toHaveLength(52);
  });

  it('top: typed counts, equal to /v2/stats/top', async () => {
    const app = createTestApp({ source: createFixtureSource().source });
    const { data } = await runTyped(app, TopDocument, { phrase: 'ноутбук', numPhrases: 10 });
    expectTypeOf(data!.top.totalCount).toEqualTypeOf<number>();
    const rest = await post(app, '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 10 });
    expect(data!.top).toEqual({ totalCount: rest.json.totalCount, results: rest.json.results });
  });

  it('regions: typed rows, equal to /v2/stats/regions', async () => {
    const app = createTestApp({ source: createFixtureSource().source });
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
