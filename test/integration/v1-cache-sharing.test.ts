import { describe, expect, it } from 'vitest';
import { createRestHandler } from '../../src/rest/handler.js';
import type { LocationsResultJson, SearchVolumeItemJson, SuggestionsResultJson } from '../../src/operations/present-v1.js';
import { v1Routes } from '../../src/rest/v1/routes.js';
import { v2Routes } from '../../src/rest/v2/routes.js';
import { RELATED_QUERIES_PER_SEED } from '../../src/services/suggestions.js';
import { createFakeSource } from '../support/fake-source.js';
import { apiRequest, createTestRuntime } from '../support/runtime.js';

/** One runtime (one gateway, one cache) behind both families, as in the service. */
function setup() {
  const source = createFakeSource();
  const { runtime } = createTestRuntime({ source });
  const v1 = createRestHandler(runtime, v1Routes);
  const v2 = createRestHandler(runtime, v2Routes);
  const send = async (handler: typeof v1, path: string, body: unknown) => {
    const response = (await handler(apiRequest(path, body)))!;
    expect(response.status).toBe(200);
    return { cache: response.headers.get('x-cache'), json: (await response.json()) as any };
  };
  return {
    source,
    v1: (path: string, body: unknown) => send(v1, `/v1/keywords/${path}`, body),
    v2: (path: string, body: unknown) => send(v2, `/v2/stats/${path}`, body),
  };
}

describe('/v1 and /v2 share source calls through the cache', () => {
  it('search_volume makes one call per distinct keyword; a monthly /v2 dynamics of Russia (225) for each is then a HIT', async () => {
    const { source, v1, v2 } = setup();
    const volume = await v1('search_volume', { keywords: ['купить ноутбук', 'Купить  ноутбук', 'пицца'] });
    expect(volume.cache).toBe('MISS');
    expect(source.count('dynamics')).toBe(2);

    const dynamics = await v2('dynamics', { phrase: 'купить ноутбук', period: 'monthly', regions: [225] });
    expect(dynamics.cache).toBe('HIT');
    const pizza = await v2('dynamics', { phrase: 'ПИЦЦА', period: 'PERIOD_MONTHLY', regions: [225] });
    expect(pizza.cache).toBe('HIT');
    expect(source.calls).toHaveLength(2);

    // The same numbers on both faces: /v2 oldest first, /v1 newest first.
    const item = (volume.json.tasks[0].result as SearchVolumeItemJson[])[0]!;
    const v2Counts = (dynamics.json.results as { count: number }[]).map((p) => p.count);
    expect(item.monthly_searches.map((m) => m.search_volume)).toEqual([...v2Counts].reverse());
    expect(dynamics.json.results[0].date).toBe('2025-03-01');
  });

  it('the other way round: /v2 dynamics first, then search_volume for a location is a HIT', async () => {
    const { source, v1, v2 } = setup();
    expect((await v2('dynamics', { phrase: 'пицца', regions: [213] })).cache).toBe('MISS');
    const volume = await v1('search_volume', { keywords: ['пицца'], location_code: 1012 });
    expect(volume.cache).toBe('HIT');
    expect(source.calls).toHaveLength(1);
  });

  it('search_volume for Russia asks for region 225 (not the unfiltered world): /v2 dynamics with regions [225] is the HIT, with none another call', async () => {
    const { source, v1, v2 } = setup();
    await v1('search_volume', { keywords: ['пицца'] });
    expect((await v2('dynamics', { phrase: 'пицца', regions: [225] })).cache).toBe('HIT');
    expect((await v2('dynamics', { phrase: 'пицца' })).cache).toBe('MISS');
    expect(source.calls.map((c) => ('regions' in c.query ? c.query.regions : undefined))).toEqual([[225], []]);
  });

  it('locations and /v2 regions (REGION_ALL) are one call and the same numbers', async () => {
    const { source, v1, v2 } = setup();
    const locations = await v1('locations', { keyword: 'пицца' });
    const regions = await v2('regions', { phrase: 'пицца' });
    expect(regions.cache).toBe('HIT');
    expect(source.calls).toHaveLength(1);
    const items = (locations.json.tasks[0].result as LocationsResultJson[])[0]!.items;
    expect(items.map((i) => [i.search_volume, i.share, i.affinity_index])).toEqual(
      (regions.json.regions as { count: number; share: number; affinityIndex: number }[]).map((r) => [r.count, r.share, r.affinityIndex]),
    );
  });

  it('suggestions for one seed share one top call whatever the limit, and /v2 top with the same query hits it', async () => {
    const { source, v1, v2 } = setup();
    await v1('suggestions', { keyword: 'ноутбук', limit: 3 });
    const more = await v1('suggestions', { keyword: 'ноутбук', limit: 100 });
    expect(more.cache).toBe('HIT');
    expect((more.json.tasks[0].result as SuggestionsResultJson[])[0]!.items).toHaveLength(9);
    expect((await v2('top', { phrase: 'ноутбук', numPhrases: RELATED_QUERIES_PER_SEED, regions: [225] })).cache).toBe('HIT');
    expect(source.count('top')).toBe(1);
  });
});
