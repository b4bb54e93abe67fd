import { DEFAULT_LOCATION_CODE, isKnownLocationCode } from '../domain/location-codes.js';

/**
 * The header that tells a client its `location_code` was not in the table and was computed as Russia
 * (service-spec: an unknown code counts as Russia, the response echoes it as sent). Empty for a known code,
 * no code, or a body that is not an object.
 */
export function locationFallbackHeaders(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || !('location_code' in body)) return {};
  const code = (body as { location_code: unknown }).location_code;
  if (typeof code !== 'number' || !Number.isInteger(code) || isKnownLocationCode(code)) return {};
  return { 'x-location-fallback': String(DEFAULT_LOCATION_CODE) };
}
