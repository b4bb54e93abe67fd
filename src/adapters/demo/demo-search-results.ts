import type { SearchResults } from '../../ports/search-results.js';
import type { SerpFormatName, WebSearchSource } from '../../ports/web-search.js';
import { demoCompetition } from './competition.js';
import { demoSerp, demoSerpWithAds } from './serp-model.js';

/**
 * The demo's search results: the deterministic page model of demoCompetition, behind the same port as the
 * real search API, so demo mode runs the real competition estimator (formula, cache) on model pages.
 * Regions do not change the model's page.
 */
export function createDemoSearchResults(): SearchResults {
  return {
    search: async (phrase) => demoCompetition(phrase),
  };
}

/**
 * The demo's whole results pages (serp-model.ts), behind the web-search port: answers at once, like sync search.
 * As HTML (SEARCH_RESPONSE_FORMAT=html) the pages carry the model's ads; as XML, none (the format has none).
 */
export function createDemoWebSearch(format: SerpFormatName = 'xml'): WebSearchSource {
  const model = format === 'html' ? demoSerpWithAds : demoSerp;
  return { mode: 'sync', search: async (query) => model(query) };
}
