import { invalidField } from '../errors.js';
import { locationCodeForRegion } from '../location-codes.js';
import type { Region, RegionCatalog } from './catalog.js';
import { foldRegionName, type RegionIndex } from './region-search.js';

/** Most candidates an error about a location_name lists. */
const MAX_CANDIDATES = 5;

/**
 * A `location_name` → the one region it names. The keyword-data format's other way to name a location: "Moscow",
 * "Москва", "Saint Petersburg", or the format's comma form "Moscow,Moscow,Russia" (the place, then places it lies
 * in). The place must be a whole name (Russian or English, ё = е, or an everyday alias such as "спб"); each
 * further part must be the name, or the first words of the name, of a region it lies in ("Троицк, Москва").
 * The specification has no fallback for names, so nothing is guessed: a name that matches no region, or more
 * than one, is INVALID_FIELD naming the field and listing the candidates with their location codes.
 */
export function resolveLocationName(name: string, index: RegionIndex, catalog: Pick<RegionCatalog, 'ancestors'>, field = 'location_name'): Region {
  const [place = '', ...within] = name.split(',').map(foldRegionName);
  if (place === '') throw invalidField(field, `${field} must name a region, e.g. "Moscow" or "Москва"`);
  const matches = index
    .exact(place)
    .filter((region) => within.every((part) => part === '' || catalog.ancestors(region.id).some((a) => namesStartWith(a, part))));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw invalidField(
      field,
      `${field} "${name}" names ${matches.length} regions: ${matches.slice(0, MAX_CANDIDATES).map((r) => describe(r, catalog)).join('; ')}. ` +
        `Add the region it lies in after a comma (e.g. "${matches[0]!.name}, ${catalog.ancestors(matches[0]!.id)[0]?.name ?? ''}"), or send its location_code`,
    );
  }
  const candidates = index.search(place, MAX_CANDIDATES);
  throw invalidField(
    field,
    `${field} "${name}" names no region` +
      (candidates.length > 0 ? `; did you mean: ${candidates.map((r) => describe(r, catalog)).join('; ')}` : '; find one with /v2/stats/region_search'),
  );
}

/** True when the region's Russian or English name is `part` or starts with it as whole words. */
function namesStartWith(region: Region, part: string): boolean {
  return [region.name, region.nameEn].map(foldRegionName).some((n) => n === part || n.startsWith(`${part} `));
}

/** "Троицк / Troitsk (in Москва, location_code 30674)": enough to tell candidates apart and to send one. */
function describe(region: Region, catalog: Pick<RegionCatalog, 'ancestors'>): string {
  const parent = catalog.ancestors(region.id)[0];
  const names = region.nameEn && region.nameEn !== region.name ? `${region.name} / ${region.nameEn}` : region.name;
  return `${names} (${parent ? `in ${parent.name}, ` : ''}location_code ${locationCodeForRegion(region.id)})`;
}
