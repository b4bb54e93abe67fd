import { competitionScore, type SearchPageSignals } from '../domain/competition.js';
import { canonicalPhrase } from '../domain/source-call.js';
import type { Cache } from '../ports/cache.js';
import type { Clock } from '../ports/clock.js';
import type { CompetitionEstimator } from '../ports/competition.js';
import { type Logger, silentLogger } from '../ports/logger.js';
import type { SearchResults } from '../ports/search-results.js';
import { createDerivedMemo } from './derived-memo.js';
import { createSingleFlight } from '../domain/single-flight.js';

/** How one estimate was made: from the shared cache, from a search call, or not at all. */
export type CompetitionOutcome = 'cached' | 'searched' | 'failed';

export interface SearchCompetitionOptions {
  search: SearchResults;
  /** The shared cache (memory or Redis); search pages live under their own prefix. */
  cache: Cache;
  clock: Clock;
  /** How long a page stays fresh (CACHE_TTL): search results move slower than demand. */
  ttlMs: number;
  /** Key prefix; bump the version when SearchPageSignals changes. */
  namespace?: string;
  logger?: Logger;
  /** Metric hook, called once per estimate. */
  onOutcome?: (outcome: CompetitionOutcome, durationMs: number) => void;
}

/** How long a failed search is remembered (no estimate meanwhile, no new search call). */
export const FAILURE_TTL_MS = 5 * 60_000;
const FAILED_SUFFIX = ':failed';

/** The cache key of one search page: the phrase in canonical form and the region filter, sorted. */
export function competitionCacheKey(phrase: string, regionIds: readonly number[]): string {
  return `${canonicalPhrase(phrase)}|r=${[...regionIds].sort((a, b) => a - b).join(',')}`;
}

/**
 * The score of a cached page, kept with the page while the cache keeps it parsed (derived-memo.ts): every
 * hit of search_volume re-scored the same pages, about a tenth of a hit's time.
 */
const pageScores = createDerivedMemo<SearchPageSignals, number>();

/**
 * Competition from search results: the page for (phrase, regions) is fetched once per cache window and
 * shared by every request and face (search_volume per keyword, suggestions per seed); concurrent estimates
 * of the same page in this process share one search call. The page, not the score, is cached, so a change
 * of the formula (domain/competition.ts) applies at once. A failed search is logged and rethrown: the
 * callers turn it into "no estimate" (null in search_volume, 0 in suggestions); the failure is remembered for
 * FAILURE_TTL_MS, during which the page is not searched again.
 */
export function createSearchCompetitionEstimator(options: SearchCompetitionOptions): CompetitionEstimator {
  const { search, cache, clock, ttlMs } = options;
  const namespace = options.namespace ?? 'competition:v2';
  const logger = options.logger ?? silentLogger;
  const inFlight = createSingleFlight<string, SearchPageSignals>();

  const fetchPage = (key: string, phrase: string, regionIds: readonly number[]) =>
    inFlight.run(key, async () => {
      try {
        const page = await search.search(phrase, regionIds);
        await cache.set(key, page, ttlMs);
        return page;
      } catch (error) {
        // Remembered briefly, in the shared cache: a failing search (quota, outage) made every request of every
        // process wait for it again, up to 10 s for a 100-keyword search_volume that was otherwise all hits.
        await cache.set(`${key}${FAILED_SUFFIX}`, true, FAILURE_TTL_MS).catch(() => undefined);
        throw error;
      }
    });

  return {
    async estimate(phrase, regionIds, seen) {
      const started = clock.now();
      const key = `${namespace}:${competitionCacheKey(phrase, regionIds)}`;
      const entry = await cache.get<SearchPageSignals>(key);
      if (entry && clock.now() - entry.storedAt < ttlMs) {
        options.onOutcome?.('cached', clock.now() - started);
        seen?.(entry.storedAt + ttlMs);
        return pageScores(entry.value, '', competitionScore);
      }
      const failed = await cache.get<boolean>(`${key}${FAILED_SUFFIX}`);
      if (failed && clock.now() - failed.storedAt < FAILURE_TTL_MS) {
        options.onOutcome?.('failed', clock.now() - started);
        throw new Error('competition: the search for this page failed less than 5 minutes ago; no estimate');
      }
      try {
        // The page searched is the one the key names: the canonical phrase (a zero-width spelling searched as sent
        // would be cached for the plain word, issue 24, item 1).
        // Stored no earlier than now (or joined a search stored since): a bound on the side of caution.
        const searchedAt = clock.now();
        const page = await fetchPage(key, canonicalPhrase(phrase), regionIds);
        seen?.(searchedAt + ttlMs);
        options.onOutcome?.('searched', clock.now() - started);
        return competitionScore(page);
      } catch (error) {
        logger.warn({ err: error, phrase }, 'competition: search results unavailable; no estimate');
        options.onOutcome?.('failed', clock.now() - started);
        throw error;
      }
    },
  };
}
