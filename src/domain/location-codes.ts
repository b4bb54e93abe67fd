import type { RegionCatalog } from './regions/catalog.js';

/**
 * The keyword-data family's `location_code` table (service-spec.md, "Region codes of the keyword-data
 * family") and its two rules: a region without a code in the table is addressed as the source's region id plus
 * 10000 (rule 2, what /v1/keywords/locations prints), and a code that is neither is unknown and computed as
 * Russia (rule 1).
 */

/** One row of the spec's table: the family's code and the source's (Wordstat's) region id. */
export interface LocationCode {
  code: number;
  regionId: number;
  name: string;
}

/** The default location_code: Russia. */
export const DEFAULT_LOCATION_CODE = 2643;

/** Wordstat's region id of Russia, the region an unknown location_code is computed as. */
export const RUSSIA_REGION_ID = 225;

/** Added to a source region id that has no code in the table (spec, region code rule 2). */
export const UNLISTED_REGION_OFFSET = 10_000;

/** What a file or an answer says beside figures computed as Russia for an unknown code (rule 1). */
export const LOCATION_FALLBACK_NOTE = 'computed as Russia: unknown location_code';

/** The spec's table, in its order. */
export const LOCATION_CODES: readonly LocationCode[] = [
  { code: 2643, regionId: RUSSIA_REGION_ID, name: 'Russia' },
  { code: 1012, regionId: 213, name: 'Moscow' },
  { code: 1013, regionId: 2, name: 'Saint Petersburg' },
  { code: 1014, regionId: 54, name: 'Yekaterinburg' },
  { code: 1015, regionId: 65, name: 'Novosibirsk' },
  { code: 1016, regionId: 43, name: 'Kazan' },
  { code: 1017, regionId: 47, name: 'Nizhny Novgorod' },
];

const regionByCode = new Map(LOCATION_CODES.map((row) => [row.code, row.regionId]));
const codeByRegion = new Map(LOCATION_CODES.map((row) => [row.regionId, row.code]));

/** What the code rules need of the region tree: whether the source has a region of this id. */
export type RegionLookup = Pick<RegionCatalog, 'get'>;

/** A location_code as the computation uses it. */
export interface ResolvedLocation {
  /** The code the answer carries: as sent (rule 1 echoes even an unknown one). */
  code: number;
  /** The source region the figures are computed over. */
  regionId: number;
  /** True when the code was unknown and the figures are Russia's (rule 1): answers and files must say so. */
  fallback: boolean;
}

/** True when `code` is in the spec's table (the 7 rows), whatever the region tree holds. */
export function isTableLocationCode(code: number): boolean {
  return regionByCode.has(code);
}

/**
 * The source region a rule-2 code names: `code − 10000` when the tree has that region and the region has no
 * table code (Moscow is 1012, never 10213: /v1/keywords/locations prints only the table code for it, so 10213 is
 * no code of this family and stays unknown, as rule 1 says).
 */
function listedRegion(code: number, catalog: RegionLookup): number | undefined {
  const regionId = code - UNLISTED_REGION_OFFSET;
  if (!Number.isInteger(regionId) || regionId <= 0 || codeByRegion.has(regionId)) return undefined;
  return catalog.get(regionId) ? regionId : undefined;
}

/**
 * A location_code → the region it is computed over: a table code's region, a rule-2 code's source region, else
 * Russia with `fallback` set (rule 1: the answer still carries the code as sent).
 */
export function resolveLocationCode(code: number, catalog: RegionLookup): ResolvedLocation {
  const regionId = regionByCode.get(code) ?? listedRegion(code, catalog);
  return regionId === undefined ? { code, regionId: RUSSIA_REGION_ID, fallback: true } : { code, regionId, fallback: false };
}

/** True when `code` names a region: a table code, or a code /v1/keywords/locations prints (region id + 10000). */
export function isKnownLocationCode(code: number, catalog: RegionLookup): boolean {
  return !resolveLocationCode(code, catalog).fallback;
}

/** The source region id a location_code is computed over (Russia for an unknown code). */
export function regionIdForLocation(code: number, catalog: RegionLookup): number {
  return resolveLocationCode(code, catalog).regionId;
}

/**
 * The region filter (source region ids) of a location_code: its one region. Russia — the default, and what
 * an unknown code is computed as — is region 225, not the source's unfiltered scope (that is every region,
 * other countries included). So a search_volume and a /v2 dynamics with `regions: [225]` are one upstream call,
 * and a rule-2 code 10000+id and /v2 with `regions: [id]` are one call too.
 */
export function regionFilterForLocation(code: number, catalog: RegionLookup): number[] {
  return [regionIdForLocation(code, catalog)];
}

/** The location_code of a source region: its table code, else the region id plus 10000. */
export function locationCodeForRegion(regionId: number): number {
  return codeByRegion.get(regionId) ?? regionId + UNLISTED_REGION_OFFSET;
}

/**
 * Whether figures stored with `locationCode` were computed as Russia for an unknown code: the flag stored with
 * them, or for figures stored before it existed, any code outside the table (they were all computed as Russia
 * then, rule-2 codes included).
 */
export function locationFellBack(figures: { locationCode: number; locationFallback?: boolean | undefined }): boolean {
  return figures.locationFallback ?? !isTableLocationCode(figures.locationCode);
}

/** The region filter of stored figures: Russia when they were computed as Russia, else their code's region. */
export function storedRegionFilter(
  figures: { locationCode: number; locationFallback?: boolean | undefined },
  catalog: RegionLookup,
): number[] {
  return locationFellBack(figures) ? [RUSSIA_REGION_ID] : regionFilterForLocation(figures.locationCode, catalog);
}
