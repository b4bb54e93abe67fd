import { invalidField } from '../domain/errors.js';
import {
  DEFAULT_LOCATION_CODE,
  locationCodeForRegion,
  type ResolvedLocation,
  resolveLocationCode,
} from '../domain/location-codes.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { resolveLocationName } from '../domain/regions/location-name.js';
import { regionIndexOf } from '../domain/regions/region-search.js';

/** How a request names its location: the format's two fields, either or neither (Russia). */
export interface LocationInput {
  locationCode?: number | null | undefined;
  locationName?: string | null | undefined;
}

/** The fields' names in error messages: the /v1 names unless a face calls them otherwise (GraphQL). */
export interface LocationFields {
  code?: string;
  name?: string;
}

/**
 * The region a request's figures are computed over. A location_code follows the specification's rules
 * (location-codes.ts); a location_name resolves through the region search to exactly one region, whose code
 * the answer then carries (a name that names none or several is INVALID_FIELD: names have no fallback). Sent
 * together, they must name the same region. Neither: Russia (2643).
 */
export function resolveLocation(catalog: RegionCatalog, input: LocationInput, fields: LocationFields = {}): ResolvedLocation {
  const codeField = fields.code ?? 'location_code';
  const nameField = fields.name ?? 'location_name';
  const code = input.locationCode ?? undefined;
  const name = input.locationName ?? undefined;
  if (name === undefined) return resolveLocationCode(code ?? DEFAULT_LOCATION_CODE, catalog);
  const region = resolveLocationName(name, regionIndexOf(catalog), catalog, nameField);
  const named: ResolvedLocation = { code: locationCodeForRegion(region.id), regionId: region.id, fallback: false };
  if (code !== undefined) {
    const coded = resolveLocationCode(code, catalog);
    if (coded.fallback || coded.regionId !== named.regionId) {
      throw invalidField(
        nameField,
        `${nameField} "${name}" is ${region.name} (location_code ${named.code}), but ${codeField} ${code} ` +
          (coded.fallback ? 'is unknown' : `is ${catalog.get(coded.regionId)?.name ?? coded.regionId}`) +
          `: send one of them`,
      );
    }
  }
  return named;
}
