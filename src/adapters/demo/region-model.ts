import { bell, SALT, unit } from './hash.js';
import { splitDevices, type DeviceParts } from './devices.js';
import type { PhraseParams } from './phrase-model.js';
import { subtreeMasses, type RegionTree } from './region-tree.js';

/** One phrase's demand over the region tree. */
export interface PhraseRegions {
  /** Each region's share of this phrase's demand (a subtree's share; roots add up to 1). */
  readonly share: Float64Array;
  /** 30-day counts per region and device (desktop, phone, tablet), consistent with the tree. */
  readonly counts: readonly [Float64Array, Float64Array, Float64Array];
  /** The 30-day totals per device over all regions (= the sum of the roots', and of the countries'). */
  readonly totals: DeviceParts;
}

/**
 * Weights of a phrase over the tree: each region's own mass times a per-phrase factor that is the product of
 * a log-normal-like variation of the region itself and of all its ancestors (so a whole district can be keen
 * on a phrase, and a city keener still). Subtree sums keep the tree consistent by construction.
 */
function phraseShares(tree: RegionTree, seed: number): Float64Array {
  const n = tree.regions.length;
  const factor = new Float64Array(n);
  const own = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p = tree.parent[i]!;
    const sigma = tree.sigma[i]!;
    const self = sigma === 0 ? 1 : Math.exp(sigma * bell(seed, SALT.region, tree.regions[i]!.id));
    factor[i] = self * (p >= 0 ? factor[p]! : 1);
    own[i] = tree.own[i]! * factor[i]!;
  }
  const whole = subtreeMasses(tree.parent, own);
  const world = tree.roots.reduce((sum, i) => sum + whole[i]!, 0);
  return whole.map((m) => (world > 0 ? m / world : 0));
}

/**
 * Largest-remainder apportionment of `pool` over `members` by `weights`: integers adding up to exactly
 * `pool`, each within 1 of its exact quota; ties go to the earlier member, so the result is deterministic.
 */
export function apportion(pool: number, members: readonly number[], weights: Float64Array, out: Float64Array): void {
  let sum = 0;
  for (const i of members) sum += weights[i]!;
  if (pool <= 0 || sum <= 0) {
    for (const i of members) out[i] = 0;
    return;
  }
  let given = 0;
  const fractions: [number, number][] = [];
  for (const i of members) {
    const quota = (pool * weights[i]!) / sum;
    out[i] = Math.floor(quota);
    given += out[i]!;
    fractions.push([quota - out[i]!, i]);
  }
  fractions.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; k < pool - given; k++) {
    const i = fractions[k]![1];
    out[i] = out[i]! + 1;
  }
}

/**
 * Integer counts of one device over the tree, top-down: the roots share the device's total exactly; each
 * region then hands its children their part of its count (all of it when the region has no users of its
 * own, otherwise the children's share of its mass, rounded down), apportioned among them. So a region's
 * count is never above its parent's and children never add up to more than their parent.
 */
function treeCounts(tree: RegionTree, share: Float64Array, total: number): Float64Array {
  const counts = new Float64Array(tree.regions.length);
  apportion(total, tree.roots, share, counts);
  for (let i = 0; i < tree.regions.length; i++) {
    const kids = tree.children[i]!;
    if (kids.length === 0) continue;
    const count = counts[i]!;
    let kidsShare = 0;
    for (const k of kids) kidsShare += share[k]!;
    const pool =
      tree.own[i] === 0 ? count : share[i]! > 0 ? Math.min(count, Math.floor((count * kidsShare) / share[i]!)) : 0;
    apportion(pool, kids, share, counts);
  }
  return counts;
}

/** A phrase's regional picture for the date-free "last 30 days" answers (top and regions). */
export function phraseRegions(tree: RegionTree, params: PhraseParams): PhraseRegions {
  const share = phraseShares(tree, params.seed);
  // Dithers of their own, independent of every daily split.
  const totals = splitDevices(
    params.volume30,
    params,
    unit(params.seed, SALT.deviceRound, 2),
    unit(params.seed, SALT.deviceRound, 3),
  );
  const counts = [
    treeCounts(tree, share, totals[0]),
    treeCounts(tree, share, totals[1]),
    treeCounts(tree, share, totals[2]),
  ] as const;
  return { share, counts, totals };
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
