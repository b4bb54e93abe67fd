/**
 * The keyword-data family's `location_code` table (service-spec.md, "Region codes of the keyword-data
 * family") and its two rules: an unknown code is computed as Russia, and a region without a code is shown as
 * the source's region id plus 10000.
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

/** True when `code` is in the spec's table. */
export function isKnownLocationCode(code: number): boolean {
  return regionByCode.has(code);
}

/**
 * The source region id a location_code stands for; a code outside the table is computed as Russia
 * (the response still echoes the code as sent — that is the caller's job).
 */
export function regionIdForLocation(code: number): number {
  return regionByCode.get(code) ?? RUSSIA_REGION_ID;
}

/**
 * The region filter (source region ids) of a location_code: its one region. Russia — the default, and what
 * an unknown code is computed as — is region 225, not the source's unfiltered scope (that is every region,
 * other countries included). So a search_volume and a /v2 dynamics with `regions: [225]` are one upstream call.
 */
export function regionFilterForLocation(code: number): number[] {
  return [regionIdForLocation(code)];
}

/** The location_code of a source region: its table code, else the region id plus 10000. */
export function locationCodeForRegion(regionId: number): number {
  return codeByRegion.get(regionId) ?? regionId + UNLISTED_REGION_OFFSET;
}
