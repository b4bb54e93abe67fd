import type { RegionCatalog } from '../../domain/regions/catalog.js';
import type { RegionCount } from '../../domain/types.js';

/**
 * The phrase's total demand behind one GetRegionsDistribution answer, the one denominator of every row's share.
 * Wordstat does not send a total, and rows nest (Russia ⊃ Central district ⊃ Moscow region ⊃ Moscow), so a
 * plain sum would count the same queries several times. So:
 *
 * 1. If any returned row is a country (by the catalog), the total is the sum of the country rows: countries
 *    do not nest, and together they cover everything the answer is about (REGION_ALL).
 * 2. Otherwise (REGION_CITIES, REGION_REGIONS) it is the sum over the rows that have no ancestor among the
 *    returned rows: the outermost rows, each counted once. For cities only that is the demand of all the listed
 *    cities together, so shares there are "part of the listed cities' demand", not of the whole country's.
 *
 * A row the catalog does not know has no known ancestors and counts as outermost.
 */
export function regionsTotal(rows: readonly RegionCount[], catalog: RegionCatalog): number {
  const countries = rows.filter((row) => catalog.get(row.regionId)?.type === 'country');
  if (countries.length > 0) return countries.reduce((sum, row) => sum + row.count, 0);
  const returned = new Set(rows.map((row) => row.regionId));
  return rows
    .filter((row) => !catalog.ancestors(row.regionId).some((ancestor) => returned.has(ancestor.id)))
    .reduce((sum, row) => sum + row.count, 0);
}
