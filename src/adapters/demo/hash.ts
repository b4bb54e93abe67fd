/**
 * Seeded, platform-independent hashing for the demo model. Every "random" number of the model is a pure
 * function of (phrase hash, salt, …) built from 32-bit integer arithmetic (Math.imul, shifts), so answers are
 * identical across restarts, machines and Node versions. Math.random is never used.
 */

const TWO_32 = 4_294_967_296;
const GOLDEN = 0x9e3779b1;

/** 32-bit string hash (FNV-1a over UTF-16 code units, then a murmur3 finaliser for avalanche). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix(h);
}

/** murmur3's 32-bit finaliser: every input bit flips about half the output bits. */
function fmix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One mixing step: a new 32-bit hash of (h, salt). */
function step(h: number, salt: number): number {
  return fmix((h ^ Math.imul(salt | 0, GOLDEN)) + 0x6d2b79f5);
}

/**
 * Mixes a seed with up to three integer salts into a new 32-bit hash (order matters). Fixed arity on
 * purpose: the model calls this hundreds of thousands of times and rest arguments would allocate.
 */
export function mix(seed: number, a: number, b = 0, c = 0): number {
  return fmix(step(step(step(seed >>> 0, a), b), c) ^ 0x27d4eb2d);
}

/** A uniform number in [0, 1) from (seed, salts…). */
export function unit(seed: number, a: number, b = 0, c = 0): number {
  return mix(seed, a, b, c) / TWO_32;
}

/** A uniform number in [min, max) from (seed, salts…). */
export function between(min: number, max: number, seed: number, a: number, b = 0, c = 0): number {
  return min + (max - min) * unit(seed, a, b, c);
}

/**
 * A bell-shaped number with mean 0 and standard deviation ≈ 1 (Irwin–Hall: the sum of four 16-bit uniforms
 * from two hashes, rescaled); bounded in [-3.46, 3.46], so the model never produces extreme outliers.
 */
export function bell(seed: number, a: number, b = 0, c = 0): number {
  const h1 = mix(seed, a, b, c);
  const h2 = fmix(h1 ^ GOLDEN);
  const sum = ((h1 & 0xffff) + (h1 >>> 16) + (h2 & 0xffff) + (h2 >>> 16)) / 65_536;
  return (sum - 2) * Math.sqrt(3);
}

/**
 * A cheap stream of uniforms indexed by an integer (a day number, say): draw `at(stream, i)` where
 * `stream = mix(seed, salt…)` was computed once. One finaliser per draw, for the per-day hot loop.
 */
export function at(stream: number, index: number): number {
  return fmix(stream ^ Math.imul(index | 0, GOLDEN)) / TWO_32;
}

/** bell() drawn from a stream (as at() draws uniforms): two finalisers per draw instead of six. */
export function bellAt(stream: number, index: number): number {
  const h1 = fmix(stream ^ Math.imul(index | 0, GOLDEN));
  const h2 = fmix(h1 ^ GOLDEN);
  const sum = ((h1 & 0xffff) + (h1 >>> 16) + (h2 & 0xffff) + (h2 >>> 16)) / 65_536;
  return (sum - 2) * Math.sqrt(3);
}

/** at() as a 32-bit hash rather than a uniform: a new stream keyed by (stream, index), to chain keys. */
export function substream(stream: number, index: number): number {
  return fmix(stream ^ Math.imul(index | 0, GOLDEN));
}

/** Salts of the model's independent streams (named so that no two parameters share one by accident). */
export const SALT = {
  volume: 1,
  season: 2,
  phase: 3,
  trend: 4,
  weekend: 5,
  desktop: 6,
  tablet: 7,
  zero: 8,
  dayNoise: 9,
  dayRound: 10,
  deviceRound: 11,
  filterRound: 12,
  region: 13,
  modifier: 14,
  topic: 15,
  association: 16,
  competition: 17,
  baseMass: 18,
  wordFactor: 19,
  pair: 20,
  deadTriple: 21,
  regionSplit: 22,
  phraseMatch: 23,
  wordForm: 24,
  wordOrder: 25,
  capitalShare: 26,
  cityFocus: 27,
  serp: 28,
} as const;
