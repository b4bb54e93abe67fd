/**
 * Estimates how contested a phrase is (a number in [0, 1]), e.g. from the search results for it. Used by
 * search_volume (one estimate per keyword) and by suggestions (one estimate for the seed's whole topic).
 */
export interface CompetitionEstimator {
  /**
   * The estimate for `phrase` (already trimmed) in the given source regions (empty = all regions), in [0, 1];
   * null when no estimate can be made. May throw: callers treat a failure as "no estimate", never as a
   * failure of the request.
   *
   * `seen`, when given, hears until when (clock ms) the stored page the estimate comes from is fresh, so an answer
   * built on the estimate is kept for later hits no longer (rest/hit-memo.ts). An estimator that never calls it
   * makes such answers uncacheable.
   */
  estimate(phrase: string, regionIds: readonly number[], seen?: (freshUntil: number) => void): Promise<number | null>;
}

/**
 * The estimator to use while no search-results source is configured: it never has an estimate, so
 * search_volume answers `competition: null` / `competition_level: null` and suggestions answer 0.
 */
export const noCompetitionEstimator: CompetitionEstimator = {
  estimate: async () => null,
};
