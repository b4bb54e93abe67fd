import { describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';

function setup() {
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 0 });
  const ledger = createMemoryLedger();
  const app = createTestApp({ source, ledger });
  return { app, source, ledger };
}

describe('region lookup: POST /v2/stats/region_search and GraphQL regionSearch', () => {
  it('answers the named regions, free, recorded at price 0, with no upstream call', async () => {
    const { app, source, ledger } = setup();
    const response = await post(app, '/v2/stats/region_search', { query: 'моск', limit: 2 });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cost')).toBe('0');
    expect(response.json).toEqual({
      regions: [
        // The city first, then the region named after it (issue 24): "моск" means Moscow.
        { regionId: 213, regionName: 'Москва', regionNameEn: 'Moscow', regionType: 'city', parentId: 1, parentName: 'Москва и область', parentNameEn: 'Moscow and Moscow Oblast', countryCode: 'RU' },
        { regionId: 1, regionName: 'Москва и область', regionNameEn: 'Moscow and Moscow Oblast', regionType: 'region', parentId: 3, parentName: 'Центр', parentNameEn: 'Central Federal District', countryCode: 'RU' },
      ],
    });
    expect(source.count()).toBe(0);
    expect(ledger.rows()).toEqual([expect.objectContaining({ operation: 'v2.region_search', status: 200, price: 0 })]);
  });

  it('defaults to 10 results and allows 50', async () => {
    const { app } = setup();
    expect((await post(app, '/v2/stats/region_search', { query: 'а' })).json.regions).toHaveLength(10);
    expect((await post(app, '/v2/stats/region_search', { query: 'а', limit: 50 })).json.regions).toHaveLength(50);
  });

  it.each([
    [{ query: '' }, 'query'],
    [{ query: '   ' }, 'query'],
    [{}, 'query'],
    [{ query: 5 }, 'query'],
    [{ query: 'моск', limit: 0 }, 'limit'],
    [{ query: 'моск', limit: 51 }, 'limit'],
    [{ query: 'моск', limit: 2.5 }, 'limit'],
  ])('400 naming the field for %j', async (body, field) => {
    const { app } = setup();
    const response = await post(app, '/v2/stats/region_search', body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'INVALID_FIELD', field });
  });

  it('needs a key', async () => {
    const { app } = setup();
    expect((await post(app, '/v2/stats/region_search', { query: 'моск' }, {})).status).toBe(401);
  });

  it('GraphQL gives the same regions, free and recorded, and refuses an empty query', async () => {
    const { app, source, ledger } = setup();
    const rest = await post(app, '/v2/stats/region_search', { query: 'петербург', limit: 3 });
    const response = await graphql(
      app,
      'query($q: String!) { regionSearch(query: $q, limit: 3) { regionId regionName regionNameEn regionType parentId parentName parentNameEn countryCode } }',
      { q: 'петербург' },
    );
    expect(response.status).toBe(200);
    expect(response.json.data.regionSearch).toEqual(rest.json.regions);
    expect(response.headers.get('x-cost')).toBe('0');
    expect(source.count()).toBe(0);
    expect(ledger.rows().at(-1)).toMatchObject({ operation: 'graphql.regionSearch', price: 0 });

    const empty = await graphql(app, '{ regionSearch(query: " ") { regionId } }');
    expect(empty.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(empty.json.errors[0].message).toContain('query');
    const tooMany = await graphql(app, '{ regionSearch(query: "а", limit: 51) { regionId } }');
    expect(tooMany.json.errors[0].message).toContain('limit');
  });
});
