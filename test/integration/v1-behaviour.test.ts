import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import type { CompetitionEstimator } from '../../src/ports/competition.js';
import { createRestHandler } from '../../src/rest/handler.js';
import type { LocationsResultJson, SearchVolumeItemJson, SuggestionsResultJson } from '../../src/operations/present-v1.js';
import { createV1Routes, v1Routes } from '../../src/rest/v1/routes.js';
import type { RestRoute } from '../../src/rest/routes.js';
import { createFakeSource, type FakeSourceOptions } from '../support/fake-source.js';
import { apiRequest, createTestRuntime } from '../support/runtime.js';

interface EnvelopeJson<R> {
  status_code: number;
  status_message: string;
  cost: number;
  tasks: { status_code: number; cost: number; result_count: number; result: R[] | null }[];
}

function setup(options: { routes?: RestRoute[]; source?: FakeSourceOptions } = {}) {
  const source = createFakeSource(options.source);
  const { runtime, ledger } = createTestRuntime({ source });
  const handler = createRestHandler(runtime, options.routes ?? v1Routes);
  const post = async <R>(path: string, body: unknown) => {
    const response = (await handler(apiRequest(path, body)))!;
    return { response, json: (await response.json()) as EnvelopeJson<R> };
  };
  return { source, ledger, post };
}

const volumes = (json: EnvelopeJson<SearchVolumeItemJson>) => json.tasks[0]!.result!;

describe('/v1 search_volume: location codes and echoes', () => {
  it('1012 is computed over Moscow (region 213) and echoed', async () => {
    const { source, post } = setup();
    const { json } = await post<SearchVolumeItemJson>('/v1/keywords/search_volume', {
      keywords: ['купить ноутбук'],
      location_code: 1012,
    });
    expect(source.calls).toMatchObject([{ method: 'dynamics', query: { regions: [213], period: 'PERIOD_MONTHLY' } }]);
    const [item] = volumes(json);
    // Moscow weight 0.25: base round(1000 × 0.25) = 250, so the year's mean is 250 + 550.
    expect(item).toMatchObject({ location_code: 1012, search_volume: 800 });
    expect(item!.monthly_searches[0]).toEqual({ year: 2026, month: 2, search_volume: 350 });
  });

  it('an unknown location_code is computed as Russia (region 225), echoed exactly as sent, and flagged by a header', async () => {
    const { source, post } = setup();
    const { json: unknown, response: fallback } = await post<SearchVolumeItemJson>('/v1/keywords/search_volume', { keywords: ['купить ноутбук'], location_code: 9999 });
    const { json: russia, response } = await post<SearchVolumeItemJson>('/v1/keywords/search_volume', { keywords: ['купить ноутбук'] });
    expect(source.calls.map((c) => ('regions' in c.query ? c.query.regions : undefined))).toEqual([[225]]);
    expect(fallback.headers.get('x-location-fallback')).toBe('2643');
    expect(response.headers.get('x-location-fallback')).toBeNull();
    expect(volumes(unknown)[0]!.location_code).toBe(9999);
    expect(volumes(russia)[0]!.location_code).toBe(2643);
    // The same figures as Russia, and the item itself says so (a task result or a file has no header).
    expect(volumes(unknown)[0]!.location_note).toBe('computed as Russia: unknown location_code');
    expect(volumes(russia)[0]!.location_note).toBeNull();
    expect({ ...volumes(unknown)[0], location_code: 0, location_note: null }).toEqual({ ...volumes(russia)[0], location_code: 0 });
  });

  it('language_code is echoed, any value', async () => {
    const { post } = setup();
    const { json } = await post<SearchVolumeItemJson>('/v1/keywords/search_volume', { keywords: ['пицца'], language_code: 'xx-Klingon' });
    expect(volumes(json)[0]!.language_code).toBe('xx-Klingon');
  });

  it('a keyword repeated in other spellings costs one call and is echoed as sent each time', async () => {
    const { source, post } = setup();
    const { json } = await post<SearchVolumeItemJson>('/v1/keywords/search_volume', { keywords: ['пицца', 'Пицца', '  пицца'] });
    expect(source.count('dynamics')).toBe(1);
    expect(volumes(json).map((v) => v.keyword)).toEqual(['пицца', 'Пицца', '  пицца']);
    expect(new Set(volumes(json).map((v) => v.search_volume))).toEqual(new Set([20550]));
  });
});

describe('/v1 search_volume: competition', () => {
  const byPhrase: Record<string, number> = { низкая: 0.1, средняя: 0.5, высокая: 0.9, граница: 0.66, перебор: 1.7 };
  const estimator: CompetitionEstimator & { seen: [string, readonly number[]][] } = {
    seen: [],
    async estimate(phrase, regionIds) {
      this.seen.push([phrase, regionIds]);
      if (phrase === 'сломано') throw new Error('search results down');
      return byPhrase[phrase] ?? null;
    },
  };

  it('levels follow the thresholds; out-of-range is clamped; no estimate or a failure is null', async () => {
    const { post } = setup({ routes: createV1Routes({ competition: estimator }) });
    const { response, json } = await post<SearchVolumeItemJson>('/v1/keywords/search_volume', {
      keywords: ['низкая', 'средняя', 'высокая', 'граница', 'перебор', 'неизвестно', ' сломано '],
      location_code: 1013,
    });
    expect(response.status).toBe(200);
    expect(volumes(json).map((v) => [v.competition, v.competition_level])).toEqual([
      [0.1, 'LOW'],
      [0.5, 'MEDIUM'],
      [0.9, 'HIGH'],
      [0.66, 'HIGH'],
      [1, 'HIGH'],
      [null, null],
      [null, null],
    ]);
    // Asked with the trimmed phrase and the location's region (Saint Petersburg, 2).
    expect(estimator.seen).toContainEqual(['сломано', [2]]);
  });

  it('suggestions carry the seed\'s estimate in every item, and 0 when there is none', async () => {
    const withEstimate = setup({ routes: createV1Routes({ competition: { estimate: async () => 0.42 } }) });
    const a = await withEstimate.post<SuggestionsResultJson>('/v1/keywords/suggestions', { keyword: 'ноутбук', limit: 3 });
    expect(a.json.tasks[0]!.result![0]!.items.map((i) => i.competition)).toEqual([0.42, 0.42, 0.42]);

    const failing = setup({ routes: createV1Routes({ competition: { estimate: () => Promise.reject(new Error('down')) } }) });
    const b = await failing.post<SuggestionsResultJson>('/v1/keywords/suggestions', { keyword: 'ноутбук', limit: 3 });
    expect(b.response.status).toBe(200);
    expect(b.json.tasks[0]!.result![0]!.items.map((i) => i.competition)).toEqual([0, 0, 0]);
  });
});

describe('/v1 suggestions', () => {
  it('limit cuts the sorted list; location narrows the one top call', async () => {
    const { source, post } = setup();
    const { json } = await post<SuggestionsResultJson>('/v1/keywords/suggestions', { keyword: 'Ноутбук ', limit: 3, location_code: 1012 });
    // The source gets the canonical phrase (issue 24, item 1); the answer echoes the keyword as sent.
    expect(source.calls).toMatchObject([{ method: 'top', query: { phrase: 'ноутбук', numPhrases: 2000, regions: [213] } }]);
    const [result] = json.tasks[0]!.result!;
    expect(result!.seed_keyword).toBe('Ноутбук ');
    // Moscow weight 0.25 of 12000, 8000, 8000: the phrases containing the seed first ("планшет", 9000, would
    // take the fifth place), asus before lenovo on the tie.
    expect(result!.items.map((i) => [i.keyword, i.search_volume, i.cpc])).toEqual([
      ['купить ноутбук', 3000, 0.25],
      ['ноутбук asus', 2000, 0.25],
      ['ноутбук lenovo', 2000, 0.25],
    ]);
  });

  it('a seed with no related queries gives an empty list, not an error', async () => {
    const { post } = setup();
    const { response, json } = await post<SuggestionsResultJson>('/v1/keywords/suggestions', { keyword: 'абракадабра' });
    expect(response.status).toBe(200);
    expect(json.tasks[0]!.result).toEqual([{ seed_keyword: 'абракадабра', location_note: null, items: [] }]);
  });
});

describe('/v1 locations', () => {
  it('maps both ways: table regions get table codes, others id + 10000; no location_code is sent upstream', async () => {
    const { source, post } = setup();
    const { json } = await post<LocationsResultJson>('/v1/keywords/locations', { keyword: 'пицца', location_code: 1012 });
    expect(source.calls).toMatchObject([{ method: 'regions', query: { phrase: 'пицца', level: 'REGION_ALL' } }]);
    const codes = json.tasks[0]!.result![0]!.items.map((i) => i.location_code);
    expect(codes).toEqual([2643, 10003, 10001, 1012, 10017, 20174, 1013, 1016, 10039]);
    const volumesInOrder = json.tasks[0]!.result![0]!.items.map((i) => i.search_volume);
    expect(volumesInOrder).toEqual([...volumesInOrder].sort((a, b) => b - a));
  });
});

describe('/v1 source failures keep the spec statuses; only the upstream work they did is billed', () => {
  const cases: [string, DomainError, number, number][] = [
    ['quota', new DomainError('SOURCE_QUOTA_EXHAUSTED', 'the source quota is exhausted'), 403, 40300],
    ['rate', new DomainError('SOURCE_RATE_LIMITED', 'the source limited the rate', { retryAfterSeconds: 30 }), 429, 40202],
    ['down', new DomainError('SOURCE_UNAVAILABLE', 'the source is unavailable'), 503, 50300],
  ];
  it.each(cases)('%s', async (_label, error, status, code) => {
    const { post, ledger } = setup({ source: { failures: { сбой: error } } });
    const { response, json } = await post('/v1/keywords/search_volume', { keywords: ['пицца', 'сбой'] });
    expect(response.status).toBe(status);
    expect(json.status_code).toBe(code);
    expect(json.tasks[0]!.result).toBeNull();
    expect(response.headers.get('retry-after')).toBe(error.retryAfterSeconds === undefined ? null : '30');
    // 'пицца' was fetched before 'сбой' failed: that answer is cached for the retry, so it is billed
    // (decisions.md, one pricing rule for every face); a request that fetched nothing costs nothing.
    expect(ledger.rows()).toMatchObject([{ operation: 'v1.search_volume', status, price: 1 }]);
    await post('/v1/keywords/search_volume', { keywords: ['сбой'] });
    expect(ledger.rows()[1]).toMatchObject({ operation: 'v1.search_volume', status, price: 0 });
  });
});

describe('/v1 billing', () => {
  it('a first call costs the call price, a repeat served from cache the repeat price; both are in the ledger', async () => {
    const { post, ledger } = setup();
    const first = await post('/v1/keywords/locations', { keyword: 'пицца' });
    const repeat = await post('/v1/keywords/locations', { keyword: 'ПИЦЦА' });
    expect([first.response.headers.get('x-cache'), repeat.response.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect([first.json.cost, first.json.tasks[0]!.cost]).toEqual([1, 1]);
    expect([repeat.json.cost, repeat.json.tasks[0]!.cost, repeat.response.headers.get('x-cost')]).toEqual([0.1, 0.1, '0.1']);
    expect(ledger.rows()).toMatchObject([
      { operation: 'v1.locations', cacheStatus: 'MISS', status: 200, price: 1 },
      { operation: 'v1.locations', cacheStatus: 'HIT', status: 200, price: 0.1 },
    ]);
  });
});
