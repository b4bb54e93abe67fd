import type { SearchPageSignals } from '../domain/competition.js';

/** A web search engine, as far as the competition estimate needs it: one results page for a phrase. */
export interface SearchResults {
  /**
   * The first results page for `phrase` (already trimmed) ranked for the given source regions (empty = the
   * whole country): the engine's document count and the top results' domains. One upstream call; throws on
   * any failure (timeout, HTTP error, unreadable answer). "Nothing found" is an answer, not a failure.
   */
  search(phrase: string, regionIds: readonly number[]): Promise<SearchPageSignals>;
}
