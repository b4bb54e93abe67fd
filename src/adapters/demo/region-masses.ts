import type { Region } from '../../domain/regions/catalog.js';
import type { RegionType } from '../../domain/types.js';
import { between, SALT } from './hash.js';

/**
 * Population-like "own mass" of each region: millions of search users living in the region but in none of
 * its listed sub-regions (a region's whole mass is its own plus its children's). Large cities carry their
 * real-world size; every other region gets a size typical of its type, varied by a hash of its id.
 */

/** Own mass of well-known places, millions (city proper, or the rest of a region around its big city). */
const KNOWN_MASS: ReadonlyMap<number, number> = new Map([
  [213, 12.4], [2, 5.3], [65, 1.63], [54, 1.54], [43, 1.31], [47, 1.23], [56, 1.18], [51, 1.16], [66, 1.11],
  [39, 1.14], [172, 1.14], [62, 1.19], [193, 1.05], [50, 1.03], [38, 1.0], [35, 1.1], [194, 0.9], [55, 0.85],
  [75, 0.6], [76, 0.6], [63, 0.6], [239, 0.45], [22, 0.49], [16, 0.6], [240, 0.68], [44, 0.64], [197, 0.63],
  [195, 0.62], [28, 0.6], [67, 0.57], [48, 0.56], [64, 0.55], [237, 0.54], [11, 0.53], [236, 0.55], [49, 0.52],
  [9, 0.5], [15, 0.47], [46, 0.47], [45, 0.5], [959, 0.5], [146, 0.34],
  [157, 2.0], [143, 2.9], [162, 2.1], [163, 1.3], [147, 1.4], [145, 1.0], [141, 0.98], [155, 0.5], [153, 0.35],
  // Regions around a metropolis: the rest of Moscow oblast, of Leningrad oblast, of Krasnodar krai.
  [1, 4.0], [10174, 1.2], [10995, 3.5],
  // Countries: residual users outside the listed regions (with children) or the whole country (leaves).
  [149, 1.5], [159, 3.0], [187, 4.0], [171, 1.2], [167, 0.4], [168, 0.4], [207, 0.4], [208, 0.3], [209, 0.3],
  [170, 0.1], [29386, 0.05], [169, 0.3], [181, 0.6], [96, 0.8], [84, 0.7],
]);

/** Russia, whose capitals' shares are pinned (CAPITAL_SHARES). */
export const RUSSIA = 225;

/**
 * Moscow's and Saint Petersburg's part of Russia's queries, as a range: Wordstat shows Moscow with a fifth to
 * a third of the country for nearly any phrase, and Saint Petersburg with about a tenth, far more than their
 * populations (search users concentrate there). Population-like masses with per-phrase noise gave Moscow
 * 6–14 %, so the model pins each capital's whole subtree to a share drawn in this range per phrase core
 * (region-tree.ts: pinShares). The ranges sit inside 20–30 % and 7–12 % with a margin for rounding.
 */
export const CAPITAL_SHARES: ReadonlyMap<number, readonly [number, number]> = new Map([
  [213, [0.215, 0.285]],
  [2, [0.078, 0.112]],
]);

/**
 * How much of a country's population searches with the source (applied to its whole subtree); Russia is
 * the reference. Countries not listed are leaves whose masses above already count users, not inhabitants.
 */
const COUNTRY_USAGE: ReadonlyMap<number, number> = new Map([
  [225, 1],
  [149, 0.6],
  [159, 0.45],
  [187, 0.08],
  // Turkey is listed province by province; only tourists and expatriates search in Russian there.
  [983, 0.01],
]);

/** Usage of a country listed with its own regions but not named above. */
const DEFAULT_USAGE_WITH_REGIONS = 0.05;

/** Typical own mass by type, as a log-uniform range (millions); 0 where only the children hold users. */
const TYPE_RANGE: Record<RegionType, readonly [number, number]> = {
  country: [0.02, 0.25],
  district: [0, 0],
  region: [0.2, 1.2],
  city: [0.02, 0.3],
  other: [0.01, 0.06],
};

/** Own mass of one region (phrase-independent). */
export function ownMass(region: Region, hasChildren: boolean): number {
  const known = KNOWN_MASS.get(region.id);
  if (known !== undefined) return known;
  // Top-level groups (continents, "CIS") and a country made only of its regions hold no users themselves.
  if (region.type === 'other' && region.parentId === null) return 0;
  if (region.type === 'country' && hasChildren) return 0;
  const [min, max] = TYPE_RANGE[region.type];
  if (max === 0) return 0;
  return Math.exp(between(Math.log(min), Math.log(max), region.id, SALT.baseMass));
}

/** Usage multiplier of a country's subtree (leaf countries: 1, their masses already count users). */
export function countryUsage(regionId: number, hasChildren: boolean): number {
  return COUNTRY_USAGE.get(regionId) ?? (hasChildren ? DEFAULT_USAGE_WITH_REGIONS : 1);
}

/**
 * Spread (standard deviation of the log) of the per-phrase variation of a region's weight, by type. Russia
 * as a whole varies little, so it keeps dominating; cities vary most (local interests).
 */
export function variationSigma(region: Region): number {
  if (region.id === 225) return 0.08;
  switch (region.type) {
    case 'country':
      return 0.35;
    case 'district':
      return 0.15;
    case 'region':
      return 0.25;
    case 'city':
      return 0.3;
    case 'other':
      return region.parentId === null ? 0 : 0.3;
  }
}
