import { collapseSpaces } from '../collapse-spaces.js';
import type { RegionType } from '../types.js';
import type { Region, RegionCatalog } from './catalog.js';

/**
 * Everyday short names the catalog does not hold, as exact matches of the region they name. Kept small on
 * purpose: only abbreviations people type into a search box ("спб" is not a substring of "Санкт-Петербург").
 */
export const REGION_ALIASES: Readonly<Record<string, number>> = {
  спб: 2,
  питер: 2,
  мск: 213,
  екб: 54,
  нск: 65,
  нн: 47,
};

/** Match quality, best first: the whole name, the start of the name, the start of a word, anywhere. */
const Tier = { Exact: 0, Prefix: 1, WordPrefix: 2, Substring: 3 } as const;
type Tier = (typeof Tier)[keyof typeof Tier];

const LEVEL: Record<RegionType, number> = { country: 0, district: 1, region: 2, city: 3, other: 4 };

/** Lower case, ё = е, hyphens and runs of spaces as one space: the form both names and queries are compared in. */
export function foldRegionName(text: string): string {
  return collapseSpaces(text.toLowerCase().replaceAll('ё', 'е').replace(/[-‐–—]/g, ' '));
}

interface Entry {
  region: Region;
  /** Folded Russian and English names, and the aliases that point here. */
  names: string[];
  aliases: string[];
}

export interface RegionIndex {
  /**
   * Regions whose Russian or English name matches `query` (see foldRegionName), best first: exact, prefix,
   * word prefix, substring; ties by level (country, district, region, city, other), then Russian name, then id.
   * An empty folded query matches nothing.
   */
  search(query: string, limit: number): Region[];
}

function tierOf(entry: Entry, query: string): Tier | undefined {
  let best: Tier | undefined;
  if (entry.aliases.includes(query)) return Tier.Exact;
  for (const name of entry.names) {
    let tier: Tier | undefined;
    if (name === query) tier = Tier.Exact;
    else if (name.startsWith(query)) tier = Tier.Prefix;
    else if (name.includes(` ${query}`)) tier = Tier.WordPrefix;
    else if (name.includes(query)) tier = Tier.Substring;
    if (tier !== undefined && (best === undefined || tier < best)) best = tier;
  }
  return best;
}

const collator = new Intl.Collator('ru');

/** Folds every name once; a search is then one pass over under a thousand entries. */
export function createRegionIndex(regions: readonly Region[]): RegionIndex {
  const aliasesOf = new Map<number, string[]>();
  for (const [alias, id] of Object.entries(REGION_ALIASES)) aliasesOf.set(id, [...(aliasesOf.get(id) ?? []), foldRegionName(alias)]);
  const entries: Entry[] = regions.map((region) => ({
    region,
    names: [foldRegionName(region.name), foldRegionName(region.nameEn)],
    aliases: aliasesOf.get(region.id) ?? [],
  }));

  return {
    search(query, limit) {
      const folded = foldRegionName(query);
      if (!folded) return [];
      const hits: { entry: Entry; tier: Tier }[] = [];
      for (const entry of entries) {
        const tier = tierOf(entry, folded);
        if (tier !== undefined) hits.push({ entry, tier });
      }
      hits.sort(
        (a, b) =>
          a.tier - b.tier ||
          LEVEL[a.entry.region.type] - LEVEL[b.entry.region.type] ||
          collator.compare(a.entry.region.name, b.entry.region.name) ||
          a.entry.region.id - b.entry.region.id,
      );
      return hits.slice(0, limit).map((hit) => hit.entry.region);
    },
  };
}

/**
 * An index that follows the catalog: a catalog refreshed at run time hands out a new `all` array, and the
 * index is rebuilt on the next search; otherwise it is built once.
 */
export function createCatalogRegionIndex(catalog: RegionCatalog): RegionIndex {
  let built: { regions: readonly Region[]; index: RegionIndex } | undefined;
  return {
    search(query, limit) {
      const regions = catalog.all;
      if (built?.regions !== regions) built = { regions, index: createRegionIndex(regions) };
      return built.index.search(query, limit);
    },
  };
}
