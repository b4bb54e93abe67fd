import type { RegionType } from '../types.js';

/** One region of the shipped catalog (data/regions.json). */
export interface Region {
  id: number;
  /** null for a root (continent or a top-level group). */
  parentId: number | null;
  /** Russian name, as the source names it. */
  name: string;
  /** Well-known English name, or a standard transliteration of `name`. */
  nameEn: string;
  type: RegionType;
  /** ISO 3166-1 alpha-2, or "" where the region is above country level. */
  countryCode: string;
}

/** Read-only lookups over the region tree. */
export interface RegionCatalog {
  /** Every region, in catalog order. */
  readonly all: readonly Region[];
  /** The region with this id, if the catalog knows it. */
  get(id: number): Region | undefined;
  /** Ancestors of `id`, nearest first (parent, grandparent, …); empty for a root or an unknown id. */
  ancestors(id: number): Region[];
  /** Direct children of `id`, in catalog order. */
  children(id: number): readonly Region[];
  /** Every region of a type. */
  ofType(type: RegionType): readonly Region[];
  /** True when `ancestorId` is `id` itself or one of its ancestors. */
  isWithin(id: number, ancestorId: number): boolean;
}

/** Builds the lookup indexes once; lookups are then O(1) (ancestors O(depth)). */
export function createRegionCatalog(regions: readonly Region[]): RegionCatalog {
  const byId = new Map<number, Region>();
  const childrenOf = new Map<number, Region[]>();
  const byType = new Map<RegionType, Region[]>();
  for (const region of regions) {
    if (byId.has(region.id)) continue;
    byId.set(region.id, region);
    if (region.parentId !== null) {
      const siblings = childrenOf.get(region.parentId) ?? [];
      siblings.push(region);
      childrenOf.set(region.parentId, siblings);
    }
    const sameType = byType.get(region.type) ?? [];
    sameType.push(region);
    byType.set(region.type, sameType);
  }
  const all = [...byId.values()];

  const ancestors = (id: number): Region[] => {
    const chain: Region[] = [];
    let parentId = byId.get(id)?.parentId ?? null;
    while (parentId !== null && chain.length < 32) {
      const parent = byId.get(parentId);
      if (!parent) break;
      chain.push(parent);
      parentId = parent.parentId;
    }
    return chain;
  };

  return {
    all,
    get: (id) => byId.get(id),
    ancestors,
    children: (id) => childrenOf.get(id) ?? [],
    ofType: (type) => byType.get(type) ?? [],
    isWithin: (id, ancestorId) => id === ancestorId || ancestors(id).some((r) => r.id === ancestorId),
  };
}

/** A catalog that always answers from `current()`: for a tree the source refreshes while the service runs. */
export function createLiveCatalog(current: () => RegionCatalog): RegionCatalog {
  return {
    get all() {
      return current().all;
    },
    get: (id) => current().get(id),
    ancestors: (id) => current().ancestors(id),
    children: (id) => current().children(id),
    ofType: (type) => current().ofType(type),
    isWithin: (id, ancestorId) => current().isWithin(id, ancestorId),
  };
}
