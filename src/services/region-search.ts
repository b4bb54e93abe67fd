import { regionIndexOf } from '../domain/regions/region-search.js';
import { REGION_SEARCH_DEFAULT_LIMIT, regionSearchRequestSchema } from '../domain/requests/region-search.js';
import { parseBody } from '../domain/requests/parse.js';
import type { ServiceContext } from './context.js';
import { describeRegion, type RegionDemand } from './regions.js';

/** One region found by name, described as the regions answer describes it (without the demand). */
export type RegionSearchHit = Omit<RegionDemand, 'count' | 'share' | 'affinityIndex'>;

/**
 * Regions by Russian or English name (see createRegionIndex for the ranking). Reads only the shipped tree:
 * no source call, so it is free. The body is validated here so REST and GraphQL refuse the same input.
 */
export function searchRegions(ctx: Pick<ServiceContext, 'catalog'>, body: unknown): RegionSearchHit[] {
  const request = parseBody(regionSearchRequestSchema, body);
  return regionIndexOf(ctx.catalog)
    .search(request.query, request.limit ?? REGION_SEARCH_DEFAULT_LIMIT)
    .map((region) => ({ regionId: region.id, ...describeRegion(ctx.catalog, region.id) }));
}
