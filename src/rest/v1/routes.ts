import {
  locationsRequestSchema,
  searchVolumeRequestSchema,
  suggestionsRequestSchema,
} from '../../domain/requests/keyword-data.js';
import { type CompetitionEstimator, noCompetitionEstimator } from '../../ports/competition.js';
import { getLocations } from '../../services/locations.js';
import { bodyVolumeOptions, getSearchVolume } from '../../services/search-volume.js';
import { createSuggestionsPipeline, getSuggestions, type SuggestionsPipeline } from '../../services/suggestions.js';
import type { KeywordDataDeps } from '../../services/context.js';
import { keywordDataOf } from '../../services/keyword-data-deps.js';
import type { RequestContext } from '../../services/runtime.js';
import { defineRoute, type RestRoute } from '../routes.js';
import { presentLocations, presentSearchVolumeItem, presentSuggestions } from './presenters.js';

export interface V1RouteDeps {
  /** Competition for search_volume (per keyword); default: no estimate (null). */
  competition?: CompetitionEstimator;
  /** The suggestions stages; default: the source's related queries, competition 0. */
  suggestions?: SuggestionsPipeline;
}

/**
 * The keyword-data family. Each handler returns the task's `result` array; the REST handler wraps it in the
 * envelope. The request is one object (an array holding exactly one task is unwrapped by the handler).
 */
export function createV1Routes(deps: V1RouteDeps = {}): RestRoute[] {
  // Stages given here win (tests); otherwise each request uses the app's, shared with GraphQL.
  const fixed: KeywordDataDeps | undefined =
    deps.competition || deps.suggestions
      ? {
          competition: deps.competition ?? noCompetitionEstimator,
          suggestions: deps.suggestions ?? createSuggestionsPipeline({ competition: deps.competition ?? noCompetitionEstimator }),
        }
      : undefined;
  const stages = (scope: RequestContext) => fixed ?? keywordDataOf(scope);
  return [
    defineRoute({
      path: '/v1/keywords/search_volume',
      family: 'v1',
      operation: 'v1.search_volume',
      summary: 'Average monthly volume and the last 12 months for 1 to 100 keywords',
      schema: searchVolumeRequestSchema,
      handle: async (body, scope) => {
        const request = body;
        const volumes = await getSearchVolume(
          scope,
          { keywords: request.keywords, locationCode: request.location_code, locationName: request.location_name, languageCode: request.language_code, ...bodyVolumeOptions(request) },
          { competition: stages(scope).competition },
        );
        return volumes.map(presentSearchVolumeItem);
      },
    }),
    defineRoute({
      path: '/v1/keywords/suggestions',
      family: 'v1',
      operation: 'v1.suggestions',
      summary: 'Related keywords with volume, CPC and one competition estimate for the topic',
      schema: suggestionsRequestSchema,
      handle: async (body, scope) => {
        const request = body;
        const result = await getSuggestions(
          scope,
          { keyword: request.keyword, limit: request.limit, locationCode: request.location_code, locationName: request.location_name },
          stages(scope).suggestions,
        );
        return [presentSuggestions(result)];
      },
    }),
    defineRoute({
      path: '/v1/keywords/locations',
      family: 'v1',
      operation: 'v1.locations',
      summary: 'Demand of one keyword over regions, with location codes and names',
      schema: locationsRequestSchema,
      handle: async (body, scope) => {
        const request = body;
        return [presentLocations(await getLocations(scope, { keyword: request.keyword }))];
      },
    }),
  ];
}

/** The family, with the app's competition and suggestion stages. */
export const v1Routes: RestRoute[] = createV1Routes();
