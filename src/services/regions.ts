import { normalizeDevices, normalizePhrase, normalizeRegionLevel } from '../domain/requests/fields.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import type { RegionLevel, RegionType, RegionsQuery } from '../domain/types.js';
import type { ServiceContext } from './context.js';

export interface RegionsParams {
  phrase: string;
  region?: string | undefined;
  devices?: string | readonly string[] | undefined;
}

/** One region row with names from the catalog. */
export interface RegionDemand {
  regionId: number;
  regionName: string;
  regionNameEn: string;
  regionType: RegionType;
  parentId: number;
  parentName: string;
  /** The parent's English name: an English reader of "Moscow · city" sees "Moscow and Moscow Oblast", not Russian. */
  parentNameEn: string;
  countryCode: string;
  count: number;
  share: number;
  affinityIndex: number;
}

const LEVEL_TYPE: Record<RegionLevel, RegionType | undefined> = {
  REGION_ALL: undefined,
  REGION_CITIES: 'city',
  REGION_REGIONS: 'region',
};

/** Validates and canonicalises a regions request. */
export function toRegionsQuery(params: RegionsParams): RegionsQuery {
  return {
    phrase: normalizePhrase(params.phrase, 'phrase'),
    level: normalizeRegionLevel(params.region, 'REGION_ALL'),
    devices: normalizeDevices(params.devices),
  };
}

/**
 * The source call behind a regions request: every level, whatever level was asked (see getRegions), so
 * planners that list a request's calls in advance name the call it will really make.
 */
export function regionsSourceQuery(query: RegionsQuery): RegionsQuery {
  return { ...query, level: 'REGION_ALL' };
}

function describe(catalog: RegionCatalog, regionId: number) {
  const region = catalog.get(regionId);
  if (!region) {
    return { regionName: `${regionId}`, regionNameEn: `${regionId}`, regionType: 'other' as const, parentId: 0, parentName: '', parentNameEn: '', countryCode: '' };
  }
  const parent = region.parentId === null ? undefined : catalog.get(region.parentId);
  return {
    regionName: region.name,
    regionNameEn: region.nameEn,
    regionType: region.type,
    parentId: parent?.id ?? 0,
    parentName: parent?.name ?? '',
    parentNameEn: parent?.nameEn ?? '',
    countryCode: region.countryCode,
  };
}

/**
 * Demand by region at the requested level, named, with shares of the phrase's total; count descending.
 * The source is always asked for every level (REGION_ALL) and the level is a filter by region type: one
 * upstream call serves all three levels and /v1 locations, and a region's share is the same in every view
 * (a cities-only answer would not tell the phrase's total demand).
 */
export async function getRegions(ctx: ServiceContext, params: RegionsParams): Promise<RegionDemand[]> {
  const query = toRegionsQuery(params);
  const raw = await ctx.source.regions(regionsSourceQuery(query));
  const wantedType = LEVEL_TYPE[query.level];
  return raw.rows
    .map((row) => ({
      regionId: row.regionId,
      ...describe(ctx.catalog, row.regionId),
      count: row.count,
      share: raw.total > 0 ? row.count / raw.total : 0,
      affinityIndex: row.affinityIndex,
    }))
    .filter((row) => wantedType === undefined || row.regionType === wantedType)
    .sort((a, b) => b.count - a.count || a.regionId - b.regionId);
}

/** A region's names, type and parent as every region answer gives them (also used by the region lookup). */
export { describe as describeRegion };
