import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../src/adapters/cache/memory-cache.js';
import type { SearchPageSignals } from '../../src/domain/competition.js';
import { competitionScore } from '../../src/domain/competition.js';
import type { SearchResults } from '../../src/ports/search-results.js';
import { getDynamics } from '../../src/services/dynamics.js';
import { createRequestContext } from '../../src/services/runtime.js';
import { createSearchCompetitionEstimator } from '../../src/services/search-competition.js';
import { getSearchVolume } from '../../src/services/search-volume.js';
import { getTop } from '../../src/services/top.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestClock } from '../support/kit.js';
import { createTestRuntime } from '../support/runtime.js';

const HOUR = 3_600_000;

// Cache hits reuse what the first hit derived from the same cached answer (issue 13). These tests run the
// services over the real memory cache, whose repeated hits hand out one frozen answer, and check every hit
// answers exactly what the miss answered.
function setup() {
  const clock = createTestClock();
  const cache = createMemoryCache({ maxEntries: 1_000, maxBytes: 64 * 2 ** 20, clock });
  const source = createFakeSource();
  const { runtime } = createTestRuntime({ source, cache, clock });
  const request = () => createRequestContext(runtime, { keyId: 'test', name: 'test' });
  return { clock, cache, source, request };
}

describe('cache hits reuse derived values', () => {
  it('top: every hit answers as the miss did; repeated hits share one frozen answer', async () => {
    const { request, source } = setup();
    const params = { phrase: 'ноутбук', numPhrases: 4 };
    const miss = await getTop(request(), params);
    const hits = [await getTop(request(), params), await getTop(request(), params), await getTop(request(), params)];
    expect(source.count('top')).toBe(1);
    for (const hit of hits) expect(hit).toEqual(miss);
    expect(hits[2]).toBe(hits[1]);
    expect(Object.isFrozen(hits[1]!.results)).toBe(true);
    expect(miss.results.map((r) => r.count)).toEqual([50_000, 12_000, 8_000, 8_000]);
  });

  it('dynamics: a hit answers its own window, monthly or weekly, as the miss did', async () => {
    const { request } = setup();
    const monthly = await getDynamics(request(), { phrase: 'купить ноутбук' });
    const weekly = await getDynamics(request(), { phrase: 'купить ноутбук', period: 'PERIOD_WEEKLY' });
    for (let i = 0; i < 2; i++) {
      expect(await getDynamics(request(), { phrase: 'купить ноутбук' })).toEqual(monthly);
      expect(await getDynamics(request(), { phrase: 'купить ноутбук', period: 'PERIOD_WEEKLY' })).toEqual(weekly);
    }
    expect(monthly.results).toHaveLength(12);
    expect(weekly.results).toHaveLength(52);
  });

  it('dynamics: a new day moves the window, and the hit path follows it', async () => {
    const { request, clock } = setup();
    const before = await getDynamics(request(), { phrase: 'пицца' });
    await getDynamics(request(), { phrase: 'пицца' });
    clock.advance(30 * 24 * HOUR); // a month later: another default window, another cache key
    const after = await getDynamics(request(), { phrase: 'пицца' });
    expect(after.results[0]!.date > before.results[0]!.date).toBe(true);
    expect(after.results.at(-1)!.date > before.results.at(-1)!.date).toBe(true);
  });

  it('search_volume: every hit answers as the miss did, competition included', async () => {
    const { request, cache, clock } = setup();
    const search: SearchResults = { search: async () => ({ foundDocs: 1e6, topDomains: ['ozon.ru', 'habr.com', 'avito.ru'] }) };
    const competition = createSearchCompetitionEstimator({ search, cache, clock, ttlMs: 24 * HOUR });
    const params = { keywords: ['купить ноутбук', 'Пицца', 'пицца'], locationCode: 2643 };
    const miss = await getSearchVolume(request(), params, { competition });
    expect((miss[0] as { competition?: number }).competition).toBe(competitionScore({ foundDocs: 1e6, topDomains: ['ozon.ru', 'habr.com', 'avito.ru'] }));
    for (let i = 0; i < 3; i++) expect(await getSearchVolume(request(), params, { competition })).toEqual(miss);
  });
});

describe('competition score of a cached page', () => {
  it('is scored again when a new page is stored under the same key', async () => {
    const clock = createTestClock();
    const cache = createMemoryCache({ maxEntries: 100, maxBytes: 2 ** 20, clock });
    let page: SearchPageSignals = { foundDocs: 10, topDomains: [] };
    const search: SearchResults = { search: async () => page };
    const estimator = createSearchCompetitionEstimator({ search, cache, clock, ttlMs: HOUR });
    const low = await estimator.estimate('слон', []);
    expect(await estimator.estimate('слон', [])).toBe(low); // cached
    expect(await estimator.estimate('слон', [])).toBe(low);
    page = { foundDocs: 1e9, topDomains: ['ozon.ru', 'avito.ru', 'wildberries.ru'] };
    clock.advance(HOUR); // stale: searched and stored again
    const high = await estimator.estimate('слон', []);
    expect(high).toBe(competitionScore(page));
    expect(high!).toBeGreaterThan(low!);
    expect(await estimator.estimate('слон', [])).toBe(high); // the new page, cached
  });
});
