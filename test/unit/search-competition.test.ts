import { describe, expect, it } from 'vitest';
import { createDemoSearchResults } from '../../src/adapters/demo/demo-search-results.js';
import { demoCompetition } from '../../src/adapters/demo/competition.js';
import { competitionScore, type SearchPageSignals } from '../../src/domain/competition.js';
import type { SearchResults } from '../../src/ports/search-results.js';
import { FAILURE_TTL_MS, createSearchCompetitionEstimator } from '../../src/services/search-competition.js';
import { createTestClock } from '../support/kit.js';
import { createTestCache } from '../support/memory-cache.js';

const HOUR = 3_600_000;

function countingSearch(page: (phrase: string) => SearchPageSignals | Error, gate?: Promise<void>) {
  const calls: [string, readonly number[]][] = [];
  const search: SearchResults = {
    async search(phrase, regionIds) {
      calls.push([phrase, regionIds]);
      // A search still in flight until the test opens the gate (no real time).
      await gate;
      const answer = page(phrase);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { search, calls };
}

function setup(page: (phrase: string) => SearchPageSignals | Error, gate?: Promise<void>) {
  const clock = createTestClock();
  const cache = createTestCache(clock);
  const { search, calls } = countingSearch(page, gate);
  const outcomes: string[] = [];
  const estimator = createSearchCompetitionEstimator({ search, cache, clock, ttlMs: 24 * HOUR, onOutcome: (o) => outcomes.push(o) });
  return { clock, cache, calls, outcomes, estimator };
}

const PAGE: SearchPageSignals = { foundDocs: 999_999, topDomains: ['ozon.ru', 'habr.com'] };

describe('search competition estimator', () => {
  it('scores the page with the domain formula', async () => {
    const { estimator } = setup(() => PAGE);
    expect(await estimator.estimate('ноутбук', [])).toBe(competitionScore(PAGE));
  });

  it('caches the page per canonical phrase and region filter under its own prefix, for the TTL', async () => {
    const { estimator, calls, cache, clock, outcomes } = setup(() => PAGE);
    await estimator.estimate('Ноутбук', [213, 2]);
    await estimator.estimate('  ноутбук ', [2, 213]);
    expect(calls).toHaveLength(1);
    await estimator.estimate('ноутбук', [213]);
    expect(calls).toHaveLength(2);
    expect(cache.keys()).toEqual(['competition:v2:ноутбук|r=2,213', 'competition:v2:ноутбук|r=213']);
    expect(outcomes).toEqual(['searched', 'cached', 'searched']);
    clock.advance(24 * HOUR);
    await estimator.estimate('ноутбук', [2, 213]);
    expect(calls).toHaveLength(3);
  });

  it('searches the page its key names: an invisible-character spelling first searches the plain word (issue 24, item 1)', async () => {
    const pages: Record<string, SearchPageSignals> = { мороженое: PAGE, 'моро\u200bженое': { foundDocs: 0, topDomains: [] } };
    const { estimator, calls } = setup((phrase) => pages[phrase] ?? new Error(`unknown page ${phrase}`));
    const poisoned = await estimator.estimate('Моро\u200bженое', []);
    expect(calls.map(([phrase]) => phrase)).toEqual(['мороженое']);
    expect(await estimator.estimate('мороженое', [])).toBe(poisoned);
    expect(poisoned).toBe(competitionScore(PAGE));
    expect(calls).toHaveLength(1);
  });

  it('concurrent estimates of one page share one search call', async () => {
    let open = () => {};
    const { estimator, calls } = setup(() => PAGE, new Promise<void>((resolve) => (open = resolve)));
    // The second asks while the first search is still out.
    const pending = [estimator.estimate('ноутбук', []), estimator.estimate('НОУТБУК', [])];
    open();
    const scores = await Promise.all(pending);
    expect(calls).toHaveLength(1);
    expect(scores[0]).toBe(scores[1]);
  });

  it('a failed search rejects (callers make it "no estimate"); the failure is remembered for 5 minutes, then the page is searched again', async () => {
    let fail = true;
    const { estimator, calls, cache, clock, outcomes } = setup(() => (fail ? new Error('search down') : PAGE));
    await expect(estimator.estimate('ноутбук', [])).rejects.toThrow('search down');
    expect(cache.keys()).toEqual(['competition:v2:ноутбук|r=:failed']);
    fail = false;
    // Issue 20, item 13: within the 5 minutes no new search call (every hit used to wait for one).
    await expect(estimator.estimate('ноутбук', [])).rejects.toThrow(/failed less than 5 minutes ago/);
    expect(calls).toHaveLength(1);
    clock.advance(FAILURE_TTL_MS);
    expect(await estimator.estimate('ноутбук', [])).toBe(competitionScore(PAGE));
    expect(calls).toHaveLength(2);
    expect(outcomes).toEqual(['failed', 'failed', 'searched']);
  });

  it('in demo mode, the demo page model behind the same estimator', async () => {
    const clock = createTestClock();
    const estimator = createSearchCompetitionEstimator({ search: createDemoSearchResults(), cache: createTestCache(clock), clock, ttlMs: HOUR });
    for (const phrase of ['купить ноутбук', 'рецепт борща', 'ывапролдж']) {
      expect(await estimator.estimate(phrase, [])).toBe(competitionScore(demoCompetition(phrase)));
    }
  });
});
