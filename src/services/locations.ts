import { locationCodeForRegion } from '../domain/location-codes.js';
import { normalizePhrase } from '../domain/requests/fields.js';
import type { ServiceContext } from './context.js';
import { getRegions, toRegionsQuery } from './regions.js';
import { planLiveCalls } from './quota-check.js';
import type { SourceCall } from '../domain/source-call.js';

export interface LocationsParams {
  keyword: string;
  /** Name of the keyword in error messages (default `keyword`). */
  field?: string | undefined;
}

/** One region of a keyword's demand, addressed by the keyword-data family's location codes. */
export interface LocationDemand {
  /** The spec's table code, else the source region id + 10000. */
  locationCode: number;
  /** English name. */
  locationName: string;
  /** Russian name (the region tree's own). */
  locationNameLocal: string;
  countryCode: string;
  searchVolume: number;
  /** Fraction of the phrase's total demand over all regions. */
  share: number;
  /** 100 = national average. */
  affinityIndex: number;
}

export interface KeywordLocations {
  /** Exactly as sent. */
  keyword: string;
  items: LocationDemand[];
}

/**
 * Demand of a keyword over regions: exactly the rows of the regions service at REGION_ALL (same source call,
 * so /v1 locations and /v2 regions share one cache entry and show the same numbers), in its order
 * (search volume descending).
 */
export async function getLocations(ctx: ServiceContext, params: LocationsParams): Promise<KeywordLocations> {
  const phrase = normalizePhrase(params.keyword, params.field ?? 'keyword');
  await planLiveCalls(ctx, locationsCalls(phrase), { operation: 'locations' });
  const regions = await getRegions(ctx, { phrase, region: 'REGION_ALL' });
  return {
    keyword: params.keyword,
    items: regions.map((row) => ({
      locationCode: locationCodeForRegion(row.regionId),
      locationName: row.regionNameEn,
      locationNameLocal: row.regionName,
      countryCode: row.countryCode,
      searchVolume: row.count,
      share: row.share,
      affinityIndex: row.affinityIndex,
    })),
  };
}

/** The one source call locations makes: the phrase's demand over every region (getRegions asks REGION_ALL). */
export function locationsCalls(phrase: string): SourceCall[] {
  return [{ method: 'regions', query: { ...toRegionsQuery({ phrase }), level: 'REGION_ALL' } }];
}
