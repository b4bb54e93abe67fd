import { regionSearchRequestSchema } from '../../domain/requests/region-search.js';
import { searchRegions } from '../../services/region-search.js';
import { defineRoute, type RestRoute } from '../routes.js';

/** POST /v2/stats/region_search — regions by name for pickers; the shipped tree only, so free (cost 0, recorded). */
export const regionSearchRoute: RestRoute = defineRoute({
  path: '/v2/stats/region_search',
  free: true,
  family: 'v2',
  operation: 'v2.region_search',
  summary: 'Regions by Russian or English name (exact, then prefix, then substring); free, no upstream call',
  schema: regionSearchRequestSchema,
  handle: async (body, scope) => ({ regions: searchRegions(scope, body) }),
});
