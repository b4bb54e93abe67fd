import { toDayNumber } from '../../domain/dates/calendar.js';
import { canonicalPhrase } from '../../domain/source-call.js';
import { between, hashString, mix, SALT, unit } from './hash.js';

/**
 * Everything the demo model knows about one phrase, derived only from the hash of its canonical form
 * (trimmed, whitespace-collapsed, lower-cased), so the same phrase behaves the same everywhere.
 */
export interface PhraseParams {
  /** The canonical phrase. */
  phrase: string;
  words: readonly string[];
  seed: number;
  /** Typical 30-day demand over all regions and devices (the "last 30 days" of top and regions); 0 = none. */
  volume30: number;
  /** Yearly cycle: relative amplitude (0–0.8) and the fraction of the year (0–1) where demand peaks. */
  seasonAmplitude: number;
  seasonPeak: number;
  /** Slow trend: demand is multiplied by exp(trendPerYear × years since TREND_ORIGIN). */
  trendPerYear: number;
  /** Weekend day demand relative to a weekday (0.6 – 1.3). */
  weekendRatio: number;
  /** Device split of this phrase (phone takes the rest). */
  desktopShare: number;
  tabletShare: number;
  /** Seeds of the per-day random streams (drawn with hash.at(stream, day)). */
  streams: DayStreams;
}

export interface DayStreams {
  /** Day-to-day wobble of demand. */
  noise: number;
  /** Rounding of the expected count to an integer. */
  round: number;
  /** Rounding of the tablet and desktop parts (device split). */
  tablet: number;
  desktop: number;
  /** Rounding of each device's part under a region filter (desktop, phone, tablet). */
  filter: readonly [number, number, number];
}

/** The date where the trend factor is 1, so that top/regions (date-free) match dynamics around that time. */
export const TREND_ORIGIN_DAY = toDayNumber('2026-01-01');
export const DAYS_PER_YEAR = 365.2425;

/**
 * log10 of the typical 30-day count by word count, like Wordstat's monthly figures: one word 10^5.2–10^6.8,
 * two words 10^3.6–10^5.2, three 10^2.4–10^4, four or more 10^1.2–10^2.8. The ranges keep clear of the
 * decade edges (10^5…10^7 for one word, 10…10^3 for long phrases) so that seasonality and trend rarely push a
 * month across them.
 */
const LOG_VOLUME_RANGE: readonly (readonly [number, number])[] = [
  [5.2, 6.8],
  [3.6, 5.2],
  [2.4, 4.0],
  [1.2, 2.8],
];

/** Share of phrases that have no demand at all, by word count (hash bucket): none for 1–2 words. */
const ZERO_BUCKET = [0, 0, 0.05, 0.25] as const;

const VOWELS = new Set('аеёиоуыэюяaeiouy');
const LETTER = /\p{L}/u;

/**
 * A word that looks like keyboard mash: five or more consonant letters in a row, or six or more letters
 * without a vowel (e.g. "ghjcnj", "фывпрлд"). Short acronyms ("мтс", "html", "спб") are not gibberish.
 */
export function isGibberishWord(word: string): boolean {
  let run = 0;
  let letters = 0;
  let vowels = 0;
  for (const ch of word) {
    if (!LETTER.test(ch)) {
      run = 0;
      continue;
    }
    letters++;
    if (VOWELS.has(ch)) {
      vowels++;
      run = 0;
    } else if (++run >= 5) {
      return true;
    }
  }
  return letters >= 6 && vowels === 0;
}

/**
 * The zero rule: a phrase has no demand when any word is gibberish (see isGibberishWord), or when its hash
 * falls into the zero bucket of its length (5 % of three-word phrases, 25 % of phrases of four or more words).
 */
export function isZeroPhrase(words: readonly string[], seed: number): boolean {
  if (words.length === 0 || words.some(isGibberishWord)) return true;
  const bucket = ZERO_BUCKET[Math.min(words.length, ZERO_BUCKET.length) - 1] ?? 0;
  return unit(seed, SALT.zero) < bucket;
}

/** Derives a phrase's parameters (pure; callers may cache). */
export function phraseParams(rawPhrase: string): PhraseParams {
  const phrase = canonicalPhrase(rawPhrase);
  const words = phrase === '' ? [] : phrase.split(' ');
  const seed = hashString(phrase);
  const range = LOG_VOLUME_RANGE[Math.min(Math.max(words.length, 1), LOG_VOLUME_RANGE.length) - 1] ?? [0, 0];
  const volume30 = isZeroPhrase(words, seed)
    ? 0
    : Math.round(10 ** between(range[0], range[1], seed, SALT.volume));
  // One phrase in six is strongly seasonal (sledges, air conditioners); the rest mildly so.
  const strong = unit(seed, SALT.season, 1) < 1 / 6;
  return {
    phrase,
    words,
    seed,
    volume30,
    seasonAmplitude: strong ? between(0.45, 0.8, seed, SALT.season) : between(0.03, 0.3, seed, SALT.season),
    seasonPeak: unit(seed, SALT.phase),
    trendPerYear: between(-0.12, 0.12, seed, SALT.trend),
    weekendRatio: between(0.6, 1.3, seed, SALT.weekend),
    desktopShare: between(0.2, 0.55, seed, SALT.desktop),
    tabletShare: between(0.02, 0.07, seed, SALT.tablet),
    streams: {
      noise: mix(seed, SALT.dayNoise),
      round: mix(seed, SALT.dayRound),
      tablet: mix(seed, SALT.deviceRound, 0),
      desktop: mix(seed, SALT.deviceRound, 1),
      filter: [mix(seed, SALT.filterRound, 0), mix(seed, SALT.filterRound, 1), mix(seed, SALT.filterRound, 2)],
    },
  };
}
