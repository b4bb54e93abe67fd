import { between, bellAt, mix, SALT } from './hash.js';
import { lastDaysVolume } from './daily-model.js';
import { splitDevices, type DeviceParts } from './devices.js';
import type { CityFocus } from './city-names.js';
import type { PhraseVolume } from './phrase-model.js';
import { halvingShares, split, splitOne, type Halvings } from './region-split.js';
import { pinShares, subtreeMasses, type RegionTree } from './region-tree.js';

/** One phrase's demand over the region tree (its core's shape, its own volume). */
export interface PhraseRegions {
  /** Each region's share of this phrase's demand (a subtree's share; roots add up to 1). */
  readonly share: Float64Array;
  /** 30-day counts per region and device (desktop, phone, tablet), consistent with the tree. */
  readonly counts: readonly [Float64Array, Float64Array, Float64Array];
  /** The 30-day totals per device over all regions (= the sum of the roots', and of the countries'). */
  readonly totals: DeviceParts;
}

/**
 * Weights of a core over the tree: each region's own mass times a per-core factor that is the product of
 * a log-normal-like variation of the region itself and of all its ancestors (so a whole district can be keen
 * on a phrase, and a city keener still). Subtree sums keep the tree consistent by construction.
 */
function phraseShares(tree: RegionTree, seed: number): Float64Array {
  const n = tree.regions.length;
  const stream = mix(seed, SALT.region);
  const factor = new Float64Array(n);
  const own = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p = tree.parent[i]!;
    const sigma = tree.sigma[i]!;
    const self = sigma === 0 ? 1 : Math.exp(sigma * bellAt(stream, tree.regions[i]!.id));
    factor[i] = self * (p >= 0 ? factor[p]! : 1);
    own[i] = tree.own[i]! * factor[i]!;
  }
  // Moscow and Saint Petersburg take a share of Russia drawn per core within their ranges (region-masses.ts).
  pinShares(tree.parent, tree.indexOf, own, (id, [lo, hi]) => between(lo, hi, seed, SALT.capitalShare, id));
  const whole = subtreeMasses(tree.parent, own);
  const world = tree.roots.reduce((sum, i) => sum + whole[i]!, 0);
  return whole.map((m) => (world > 0 ? m / world : 0));
}

/** A phrase core's regional profile: each region's share of its demand, and its children's share. */
export interface RegionShape {
  /** Each region's share of the demand (a subtree's share; roots add up to 1). */
  readonly share: Float64Array;
  /** Sum of the children's shares, per region. */
  readonly kidsShare: Float64Array;
  /** Every group's halvings (region-split.ts): weight shares, and the dither stream of each device. */
  readonly halvingShares: Float64Array;
  readonly ditherStreams: readonly [number, number, number];
}

/**
 * Moves the part `focus.weight` of the demand into the focus city's subtree (city-names.ts), spread inside
 * it as the core spreads there; the rest keeps the core's profile. Subtree shares stay consistent: the city
 * and its ancestors gain the weight, its descendants their part of it, every other region loses its part.
 */
function focusOn(tree: RegionTree, share: Float64Array, focus: CityFocus): Float64Array {
  const city = tree.indexOf.get(focus.region);
  if (city === undefined || !(share[city]! > 0)) return share;
  const out = share.map((s) => (1 - focus.weight) * s);
  const inCity = (i: number) => {
    for (let p = i; p >= 0; p = tree.parent[p]!) if (p === city) return true;
    return false;
  };
  for (let i = 0; i < out.length; i++) if (inCity(i)) out[i] = out[i]! + (focus.weight * share[i]!) / share[city]!;
  for (let p = tree.parent[city]!; p >= 0; p = tree.parent[p]!) out[p] = out[p]! + focus.weight;
  return out;
}

/**
 * The regional profile of a core (see phraseShares), concentrated in the city the phrase names if any;
 * computing it is a pass over the tree, so callers cache.
 */
export function regionShape(tree: RegionTree, seed: number, focus?: CityFocus): RegionShape {
  const base = phraseShares(tree, seed);
  const share = focus ? focusOn(tree, base, focus) : base;
  const kidsShare = new Float64Array(share.length);
  const halvings = new Float64Array(tree.halvings);
  halvingShares(tree.roots, share, halvings, tree.groupOffset[0]!);
  tree.children.forEach((kids, i) => {
    let sum = 0;
    for (const k of kids) sum += share[k]!;
    kidsShare[i] = sum;
    halvingShares(kids, share, halvings, tree.groupOffset[i + 1]!);
  });
  const streams = [0, 1, 2].map((device) => mix(seed, SALT.regionSplit, device));
  return { share, kidsShare, halvingShares: halvings, ditherStreams: streams as [number, number, number] };
}

/** The halvings of the children of `parent` (-1: the roots) for one device. */
function halvingsOf(tree: RegionTree, shape: RegionShape, parent: number, device: number): Halvings {
  return { shares: shape.halvingShares, stream: shape.ditherStreams[device as 0 | 1 | 2], offset: tree.groupOffset[parent + 1]! };
}

/**
 * What a region hands down to its children: all of its count when it has no users of its own, otherwise
 * the children's share of its mass, rounded down (so children never add up to more than their parent).
 */
function poolForKids(tree: RegionTree, shape: RegionShape, i: number, count: number): number {
  if (tree.own[i] === 0) return count;
  const share = shape.share[i]!;
  return share > 0 ? Math.min(count, Math.floor((count * shape.kidsShare[i]!) / share)) : 0;
}

/**
 * Integer counts of one device over the tree, top-down: the roots share the device's total exactly, then
 * each region splits its pool (poolForKids) among its children (region-split.ts). So a region's count is
 * never above its parent's, children never add up to more, and no region loses when the total grows.
 */
export function treeCounts(tree: RegionTree, shape: RegionShape, device: number, total: number): Float64Array {
  const counts = new Float64Array(tree.regions.length);
  split(total, tree.roots, halvingsOf(tree, shape, -1, device), counts);
  for (let i = 0; i < tree.regions.length; i++) {
    const kids = tree.children[i]!;
    if (kids.length === 0) continue;
    split(poolForKids(tree, shape, i, counts[i]!), kids, halvingsOf(tree, shape, i, device), counts);
  }
  return counts;
}

/** Scratch for countAt's ancestry (the tree is shallow; grown if a deeper one comes). */
let ancestry = new Int32Array(16);

/** treeCounts(…)[index] alone: the same splits followed down the region's ancestry only, no allocation. */
export function countAt(tree: RegionTree, shape: RegionShape, device: number, total: number, index: number): number {
  let depth = 0;
  for (let i = index; i >= 0; i = tree.parent[i]!) {
    if (depth === ancestry.length) ancestry = Int32Array.from({ length: 2 * depth }, (_, k) => ancestry[k] ?? 0);
    ancestry[depth++] = i;
  }
  const shares = shape.halvingShares;
  const stream = shape.ditherStreams[device as 0 | 1 | 2];
  let parent = ancestry[--depth]!;
  let count = splitOne(total, tree.roots.length, shares, stream, tree.groupOffset[0]!, tree.position[parent]!);
  while (depth > 0 && count > 0) {
    const child = ancestry[--depth]!;
    const pool = poolForKids(tree, shape, parent, count);
    const offset = tree.groupOffset[parent + 1]!;
    count = splitOne(pool, tree.children[parent]!.length, shares, stream, offset, tree.position[child]!);
    parent = child;
  }
  return count; // 0 when an ancestor got nothing
}

/** The totals of a phrase per device over the 30 days ending with `lastDay`, split with its core's mix and dithers. */
export function deviceTotals(phrase: PhraseVolume, lastDay: number): DeviceParts {
  const { core } = phrase;
  return splitDevices(lastDaysVolume(phrase, lastDay), core, core.dithers[0], core.dithers[1]);
}

/** A phrase's regional picture for the "last 30 days" answers (regions), the 30 days ending with `lastDay`. */
export function phraseRegions(tree: RegionTree, shape: RegionShape, phrase: PhraseVolume, lastDay: number): PhraseRegions {
  const totals = deviceTotals(phrase, lastDay);
  const counts = [
    treeCounts(tree, shape, 0, totals[0]),
    treeCounts(tree, shape, 1, totals[1]),
    treeCounts(tree, shape, 2, totals[2]),
  ] as const;
  return { share: shape.share, counts, totals };
}

/** Sum of a per-region array over a (canonical) region filter; ids the tree lacks count 0. */
export function sumOver(tree: RegionTree, values: ArrayLike<number>, regionIds: readonly number[]): number {
  let sum = 0;
  for (const id of regionIds) {
    const i = tree.indexOf.get(id);
    if (i !== undefined) sum += values[i]!;
  }
  return sum;
}
