import { at } from './hash.js';

/**
 * Apportionment of an integer pool among weighted members (a region's children, or the roots of the tree)
 * by balanced binary splits: the range of members is halved, the left half gets floor(pool × its weight
 * share + dither), the right half the rest, recursively. It hands out exactly the pool, keeps every member
 * within a few units of its quota (one rounding per level, log₂ of the members), and, unlike largest
 * remainder, never gives a member less when the pool grows (no Alabama paradox): so a phrase whose volume
 * is below another's, with the same regional profile, is below it in every region too.
 *
 * A group of n members has n - 1 halvings, each identified by where it cuts (mid - 1, as no two halvings
 * of a group cut at the same place). Their weight shares (`halvingShares`) are computed once per regional
 * profile and their dithers drawn from a per-device stream; `split` fills every member, `splitOne` follows
 * a single member down the same halvings, so a filtered count costs O(log n) per level of the tree instead
 * of a pass over the whole tree.
 */

/**
 * One group's halvings within a flat per-profile array: halving k's share sits at offset + k, its dither is
 * at(stream, offset + k) (drawn when needed: a filtered count visits only a few halvings).
 */
export interface Halvings {
  /** Left half's share of each halving's weight; NaN when the range weighs nothing (its pool is dropped). */
  shares: Float64Array;
  stream: number;
  offset: number;
}

/** Fills shares[offset + mid - 1] for every halving of the group (weights of the members' positions). */
export function halvingShares(
  members: readonly number[],
  weights: ArrayLike<number>,
  shares: Float64Array,
  offset: number,
): void {
  fillHalvings(members, weights, shares, offset, 0, members.length);
}

function fillHalvings(
  members: readonly number[],
  weights: ArrayLike<number>,
  shares: Float64Array,
  offset: number,
  lo: number,
  hi: number,
): void {
  if (hi - lo < 2) return;
  const mid = (lo + hi) >>> 1;
  let left = 0;
  let whole = 0;
  for (let k = lo; k < hi; k++) {
    whole += weights[members[k]!]!;
    if (k === mid - 1) left = whole;
  }
  // Exact ends, so that float rounding never hands a unit to a half of zero weight.
  shares[offset + mid - 1] = whole <= 0 ? Number.NaN : left <= 0 ? 0 : left >= whole ? 1 : left / whole;
  fillHalvings(members, weights, shares, offset, lo, mid);
  fillHalvings(members, weights, shares, offset, mid, hi);
}

/** The left half's part of `pool` at one halving. */
function leftPart(pool: number, share: number, dither: number): number {
  if (share === 0) return 0;
  if (share === 1) return pool;
  return Math.min(pool, Math.floor(pool * share + dither));
}

/** Writes each member's part of `pool` into out[member]; all 0 where a range weighs nothing. */
export function split(pool: number, members: readonly number[], h: Halvings, out: Float64Array): void {
  const walk = (part: number, lo: number, hi: number): void => {
    if (hi - lo === 1) {
      out[members[lo]!] = part;
      return;
    }
    const mid = (lo + hi) >>> 1;
    const share = h.shares[h.offset + mid - 1]!;
    if (part <= 0 || Number.isNaN(share)) {
      for (let k = lo; k < hi; k++) out[members[k]!] = 0;
      return;
    }
    const left = leftPart(part, share, at(h.stream, h.offset + mid - 1));
    walk(left, lo, mid);
    walk(part - left, mid, hi);
  };
  if (members.length > 0) walk(pool, 0, members.length);
}

/**
 * The part of `pool` that `split` gives to the member at `position` among `size` members, alone (the
 * halvings passed as loose arguments: this runs for every row of a filtered top, so it allocates nothing).
 */
export function splitOne(
  pool: number,
  size: number,
  shares: Float64Array,
  stream: number,
  offset: number,
  position: number,
): number {
  let part = pool;
  let lo = 0;
  let hi = size;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    const share = shares[offset + mid - 1]!;
    if (part <= 0 || Number.isNaN(share)) return 0;
    const left = leftPart(part, share, at(stream, offset + mid - 1));
    if (position < mid) {
      part = left;
      hi = mid;
    } else {
      part -= left;
      lo = mid;
    }
  }
  return part;
}
