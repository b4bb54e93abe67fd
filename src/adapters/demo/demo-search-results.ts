import type { SearchResults } from '../../ports/search-results.js';
import { demoCompetition } from './competition.js';

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
