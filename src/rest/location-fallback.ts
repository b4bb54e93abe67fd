import { DEFAULT_LOCATION_CODE, isKnownLocationCode, type RegionLookup } from '../domain/location-codes.js';

/**
 * The header that tells a client its `location_code` named no region and was computed as Russia (service-spec
 * rule 1: an unknown code counts as Russia, the response echoes it as sent). A table code or a code the
 * locations answer prints (source region id + 10000, rule 2) is known. Empty for a known code, no code, or a
 * body that is not an object. The result items say the same in `location_note`, for files and tasks.
 */
export function locationFallbackHeaders(body: unknown, catalog: RegionLookup): Record<string, string> {
  if (typeof body !== 'object' || body === null || !('location_code' in body)) return {};
  const code = (body as { location_code: unknown }).location_code;
  if (typeof code !== 'number' || !Number.isInteger(code) || isKnownLocationCode(code, catalog)) return {};
  return { 'x-location-fallback': String(DEFAULT_LOCATION_CODE) };
}
