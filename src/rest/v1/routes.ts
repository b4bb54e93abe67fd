import { defaultRegistry } from '../../operations/registry.js';
import { type CompetitionEstimator, noCompetitionEstimator } from '../../ports/competition.js';
import { createSuggestionsPipeline, type SuggestionsPipeline } from '../../services/suggestions.js';
import { operationRoutes } from '../operation-routes.js';
import type { RestRoute } from '../routes.js';

export interface V1RouteDeps {
  /** Competition for search_volume (per keyword); default: no estimate (null). */
  competition?: CompetitionEstimator;
  /** The suggestions stages; default: the source's related queries, competition 0. */
  suggestions?: SuggestionsPipeline;
}

/**
 * The keyword-data family, derived from the registry (src/operations, rest.family v1). Each handler returns the
 * task's `result` array; the REST handler wraps it in the envelope. The request is one object (an array holding
 * exactly one task is unwrapped by the handler).
 */
export function createV1Routes(deps: V1RouteDeps = {}): RestRoute[] {
  // Stages given here win (tests); otherwise each request uses the app's, shared with GraphQL.
  const keywordData =
    deps.competition || deps.suggestions
      ? {
          competition: deps.competition ?? noCompetitionEstimator,
          suggestions: deps.suggestions ?? createSuggestionsPipeline({ competition: deps.competition ?? noCompetitionEstimator }),
        }
      : undefined;
  return operationRoutes(defaultRegistry, 'v1', keywordData ? { keywordData } : {});
}

/** The family, with the app's competition and suggestion stages. */
export const v1Routes: RestRoute[] = createV1Routes();
