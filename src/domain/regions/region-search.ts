import { collapseSpaces } from '../collapse-spaces.js';
import { LOCATION_CODES } from '../location-codes.js';
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

/**
 * The places the specification's location table names (Russia and its six largest cities): the places a
 * user of a Russian keyword service means most often, so within one match tier they come first ("м" → Moscow,
 * not Moldova; "н" → Nizhny Novgorod and Novosibirsk before the Netherlands).
 */
const PROMINENT = new Set(LOCATION_CODES.map((row) => row.regionId));

/** Lower case, ё = е, hyphens and runs of spaces as one space: the form both names and queries are compared in. */
export function foldRegionName(text: string): string {
  return collapseSpaces(text.toLowerCase().replaceAll('ё', 'е').replace(/[-‐–—]/g, ' '));
}

interface Entry {
  region: Region;
  /** Folded Russian and English names, and the aliases that point here. */
  names: string[];
  aliases: string[];
  /**
   * The region this one is ranked with: itself, or for a region named after a place inside it ("Москва и
   * область" after the city "Москва", "Санкт-Петербург и Ленинградская область" after "Санкт-Петербург"), that
   * place, so the place a user means comes first and its namesake region right after it.
   */
  anchor: Region;
}

export interface RegionIndex {
  /**
   * Regions whose Russian or English name matches `query` (see foldRegionName), best first: exact, prefix,
   * word prefix, substring; ties: the spec's table places first, then by level (country, district, region,
   * city, other), then Russian name, then id — a region named after a place inside it ranked right after that
   * place. An empty folded query matches nothing.
   */
  search(query: string, limit: number): Region[];
  /** Regions whose whole Russian or English name (or alias) is `query`, folded; in search order. */
  exact(query: string): Region[];
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

/** The place inside `region` it is named after (its name followed by more words), or the region itself. */
function anchorOf(region: Region, childrenOf: ReadonlyMap<number, readonly Region[]>): Region {
  const own = foldRegionName(region.name);
  return childrenOf.get(region.id)?.find((child) => own.startsWith(`${foldRegionName(child.name)} `)) ?? region;
}

/** Search order of two hits of one tier (see RegionIndex.search). */
function compareEntries(a: Entry, b: Entry): number {
  const x = a.anchor;
  const y = b.anchor;
  return (
    Number(!PROMINENT.has(x.id)) - Number(!PROMINENT.has(y.id)) ||
    LEVEL[x.type] - LEVEL[y.type] ||
    collator.compare(x.name, y.name) ||
    x.id - y.id ||
    // The namesake region right after its place.
    Number(a.anchor !== a.region) - Number(b.anchor !== b.region) ||
    a.region.id - b.region.id
  );
}

/** Folds every name once; a search is then one pass over under a thousand entries. */
export function createRegionIndex(regions: readonly Region[]): RegionIndex {
  const aliasesOf = new Map<number, string[]>();
  for (const [alias, id] of Object.entries(REGION_ALIASES)) aliasesOf.set(id, [...(aliasesOf.get(id) ?? []), foldRegionName(alias)]);
  const childrenOf = new Map<number, Region[]>();
  for (const region of regions) {
    if (region.parentId !== null) childrenOf.set(region.parentId, [...(childrenOf.get(region.parentId) ?? []), region]);
  }
  const entries: Entry[] = regions.map((region) => ({
    region,
    names: [foldRegionName(region.name), foldRegionName(region.nameEn)],
    aliases: aliasesOf.get(region.id) ?? [],
    anchor: anchorOf(region, childrenOf),
  }));

  const hitsOf = (query: string) => {
    const folded = foldRegionName(query);
    if (!folded) return [];
    const hits: { entry: Entry; tier: Tier }[] = [];
    for (const entry of entries) {
      const tier = tierOf(entry, folded);
      if (tier !== undefined) hits.push({ entry, tier });
    }
    return hits.sort((a, b) => a.tier - b.tier || compareEntries(a.entry, b.entry));
  };

  return {
    search: (query, limit) => hitsOf(query).slice(0, limit).map((hit) => hit.entry.region),
    exact: (query) => hitsOf(query).filter((hit) => hit.tier === Tier.Exact).map((hit) => hit.entry.region),
  };
}

/**
 * An index that follows the catalog: a catalog refreshed at run time hands out a new `all` array, and the
 * index is rebuilt on the next search; otherwise it is built once.
 */
export function createCatalogRegionIndex(catalog: RegionCatalog): RegionIndex {
  let built: { regions: readonly Region[]; index: RegionIndex } | undefined;
  const current = () => {
    const regions = catalog.all;
    if (built?.regions !== regions) built = { regions, index: createRegionIndex(regions) };
    return built.index;
  };
  return {
    search: (query, limit) => current().search(query, limit),
    exact: (query) => current().exact(query),
  };
}

// One index per catalog, built on the first lookup and kept (the catalog lives as long as the app).
const indexes = new WeakMap<RegionCatalog, RegionIndex>();

/** The catalog's name index: the region search and location_name read the same one. */
export function regionIndexOf(catalog: RegionCatalog): RegionIndex {
  let index = indexes.get(catalog);
  if (!index) {
    index = createCatalogRegionIndex(catalog);
    indexes.set(catalog, index);
  }
  return index;
}
