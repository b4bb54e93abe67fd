import type { Region, RegionCatalog } from '../../domain/regions/catalog.js';
import { CAPITAL_SHARES, countryUsage, ownMass, RUSSIA, variationSigma } from './region-masses.js';

/**
 * The catalog's region tree in arrays, parents before children, with the phrase-independent masses of the
 * model. Built once per source; per-phrase weights (region-model.ts) are computed over these arrays.
 */
export interface RegionTree {
  /** Regions in topological order (every parent before its children). */
  readonly regions: readonly Region[];
  /** Region id → position in `regions`. */
  readonly indexOf: ReadonlyMap<number, number>;
  /** Position of the parent, -1 for a root (or a region whose parent the catalog lacks). */
  readonly parent: Int32Array;
  readonly children: readonly (readonly number[])[];
  readonly roots: readonly number[];
  /** Position of each region among its parent's children (or among the roots). */
  readonly position: Int32Array;
  /**
   * Where the halvings of a group start in per-profile arrays (region-split.ts): the roots' at [0], the
   * children of region i at [i + 1]; `halvings` is their total (a group of n members has n - 1).
   */
  readonly groupOffset: Int32Array;
  readonly halvings: number;
  /** Own mass (users in the region but in none of its listed children), after country usage. */
  readonly own: Float64Array;
  /** Spread of the per-phrase variation of each region. */
  readonly sigma: Float64Array;
  /** Each region's share of all search-engine queries (its whole mass over the world's). */
  readonly baseShare: Float64Array;
}

/** Arranges the catalog for the model. */
export function createRegionTree(catalog: RegionCatalog): RegionTree {
  const order: Region[] = [];
  const seen = new Set<number>();
  const visit = (region: Region) => {
    if (seen.has(region.id)) return;
    seen.add(region.id);
    order.push(region);
  };
  const rootRegions = catalog.all.filter((r) => r.parentId === null || !catalog.get(r.parentId));
  rootRegions.forEach(visit);
  // Breadth-first: each region is appended after its parent.
  for (let i = 0; i < order.length; i++) {
    for (const child of catalog.children(order[i]!.id)) visit(child);
  }

  const n = order.length;
  const indexOf = new Map(order.map((r, i) => [r.id, i]));
  const parent = new Int32Array(n).fill(-1);
  const children: number[][] = order.map(() => []);
  const roots: number[] = [];
  const position = new Int32Array(n);
  order.forEach((region, i) => {
    const p = region.parentId === null ? undefined : indexOf.get(region.parentId);
    if (p === undefined) {
      position[i] = roots.push(i) - 1;
    } else {
      parent[i] = p;
      position[i] = children[p]!.push(i) - 1;
    }
  });

  const groupOffset = new Int32Array(n + 1);
  let halvings = Math.max(0, roots.length - 1);
  children.forEach((kids, i) => {
    groupOffset[i + 1] = halvings;
    halvings += Math.max(0, kids.length - 1);
  });

  const usage = new Float64Array(n);
  const own = new Float64Array(n);
  const sigma = new Float64Array(n);
  order.forEach((region, i) => {
    const p = parent[i]!;
    usage[i] = region.type === 'country' ? countryUsage(region.id, children[i]!.length > 0) : p >= 0 ? usage[p]! : 1;
    own[i] = ownMass(region, children[i]!.length > 0) * usage[i]!;
    sigma[i] = variationSigma(region);
  });

  // All queries put the capitals in the middle of their ranges, so their affinity index stays around 100.
  pinShares(parent, indexOf, own, (_, [lo, hi]) => (lo + hi) / 2);
  const whole = subtreeMasses(parent, own);
  const world = roots.reduce((sum, i) => sum + whole[i]!, 0);
  const baseShare = whole.map((m) => (world > 0 ? m / world : 0));
  return { regions: order, indexOf, parent, children, roots, position, groupOffset, halvings, own, sigma, baseShare };
}

/** Whole mass of every subtree (own plus descendants'), given parents-before-children order. */
export function subtreeMasses(parent: Int32Array, own: Float64Array): Float64Array {
  const whole = Float64Array.from(own);
  for (let i = whole.length - 1; i >= 0; i--) {
    const p = parent[i]!;
    if (p >= 0) whole[p] = whole[p]! + whole[i]!;
  }
  return whole;
}

/**
 * Scales the own masses of each capital's subtree (CAPITAL_SHARES) so that the capital holds exactly the
 * share `target(id, range)` of Russia's whole mass; the rest of Russia keeps its masses. With the shares
 * fixed in the masses, the integer splits put each capital within a few units of its share of Russia's count.
 * `own` is in parents-before-children order and changed in place.
 */
export function pinShares(
  parent: Int32Array,
  indexOf: ReadonlyMap<number, number>,
  own: Float64Array,
  target: (regionId: number, range: readonly [number, number]) => number,
): void {
  const country = indexOf.get(RUSSIA);
  if (country === undefined) return;
  const isUnder = (i: number) => {
    for (let p = parent[i]!; p >= 0; p = parent[p]!) if (p === country) return true;
    return false;
  };
  const pins = [...CAPITAL_SHARES].flatMap(([id, range]) => {
    const i = indexOf.get(id);
    return i !== undefined && isUnder(i) ? [{ i, share: target(id, range) }] : [];
  });
  if (pins.length === 0) return;
  const whole = subtreeMasses(parent, own);
  const pinnedShare = pins.reduce((sum, p) => sum + p.share, 0);
  const rest = pins.reduce((left, p) => left - whole[p.i]!, whole[country]!);
  if (pinnedShare >= 1 || rest <= 0) return;
  // Each region's scale: its pinned ancestor's (or its own, if pinned), found top-down.
  const scale = new Float64Array(own.length).fill(1);
  for (const p of pins) if (whole[p.i]! > 0) scale[p.i] = (p.share * rest) / (1 - pinnedShare) / whole[p.i]!;
  for (let i = 0; i < own.length; i++) {
    const p = parent[i]!;
    if (p >= 0 && scale[i] === 1) scale[i] = scale[p]!;
    own[i] = own[i]! * scale[i]!;
  }
}
