import { toDayNumber } from '../../domain/dates/calendar.js';
import { canonicalPhrase } from '../../domain/source-call.js';
import { between, hashString, mix, SALT, unit } from './hash.js';
import { broadSet, volumeOf } from './volume-model.js';
import { CATEGORIES, categoryOf } from './categories.js';
import { MODIFIER_WORDS } from './word-model.js';
import { matchedVolume } from './match-model.js';
import { cityFocus, cityNamed, type CityFocus } from './city-names.js';
import { parseQuery, plainText } from './query-syntax.js';
import { peakFraction, seasonOf } from './seasons.js';

/**
 * A phrase's core: its words that are not modifiers ("ноутбук" in "купить ноутбук недорого"). Phrases with
 * the same core share their regional profile and device mix (with their roundings), so a query that
 * narrows a phrase with modifiers is below it in every region and on every device. Phrases made only of
 * modifier words share one generic profile (core ''). A city's name is a modifier but moves much of the
 * demand into that city (city-names.ts): "велосипед спб" has the core of "велосипед" in SPb's focus.
 */
export interface CoreProfile extends TimeProfile {
  /** The core words' keys, and "@" with the city's region id when the phrase names one (city-names.ts). */
  key: string;
  /** Hash of the core words only: a phrase naming a city varies by region exactly as its core does. */
  seed: number;
  /** The city the phrase names, whose region holds much of its demand; undefined when none. */
  city: CityFocus | undefined;
  /** Device split (phone takes the rest). */
  desktopShare: number;
  tabletShare: number;
  /** Dithers of the 30-day device split (tablet, then desktop), for top and regions. */
  dithers: readonly [number, number];
}

/**
 * How a core's demand moves over time, shared by every phrase with that core (so "велосипед купить" rises and
 * falls with "велосипед", and a top's rows keep their order from one day to the next).
 */
export interface TimeProfile {
  /** Yearly cycle: relative amplitude (0–0.8) and the fraction of the year (0–1) where demand peaks. */
  seasonAmplitude: number;
  seasonPeak: number;
  /** How narrow the yearly peak is (1 = a cosine; seasonal words of dated holidays up to 4: seasons.ts). */
  seasonSharpness: number;
  /** Slow trend: demand is multiplied by exp(trendPerYear × years since TREND_ORIGIN). */
  trendPerYear: number;
  /** Weekend day demand relative to a weekday (0.6 – 1.3). */
  weekendRatio: number;
  /** Stream of the day-to-day wobble. */
  noise: number;
}

/** What top and regions need of any phrase, cheap enough to derive for every row of a top. */
export interface PhraseVolume {
  /** The keys of the phrase's words as a set (broadSet: forms merged, stop words out): its identity for counting. */
  set: readonly string[];
  /** Typical 30-day demand over all regions and devices (the "last 30 days" of top and regions); 0 = none. */
  volume30: number;
  core: CoreProfile;
}

/**
 * Everything the demo model knows about one phrase, derived only from its canonical form (trimmed,
 * whitespace-collapsed, lower-cased) taken as a set of words, so the same phrase behaves the same everywhere
 * and "ноутбук купить" counts as "купить ноутбук" (as in Wordstat's broad match).
 */
export interface PhraseParams extends PhraseVolume {
  /** The canonical phrase (with its operators, if any). */
  phrase: string;
  /** Its plain words in the order written (operators removed; the first combination of alternatives). */
  words: readonly string[];
  /** The plain words as a phrase: the broad-match query the operators restrict (= phrase when it has none). */
  plain: string;
  /** The operators restrict the count (quotes, !, [ ], -, ( | )): volume30 is a share of the plain volume. */
  restricted: boolean;
  /** Phrase match (quotes): no query with other words counts. */
  quoted: boolean;
  /** Minus words: queries with them are left out (of the phrase's top too). */
  minus: readonly string[];
  /**
   * Hash of the plain word set, so word order does not change a phrase's numbers. A phrase with operators
   * shares it (and the core) with its plain phrase: with the same random streams and a smaller volume, its
   * every daily, device and region count is at most the plain phrase's.
   */
  seed: number;
  /** Device split of the phrase's core (phone takes the rest). */
  desktopShare: number;
  tabletShare: number;
  /** Seeds of the per-day random streams (drawn with hash.at(stream, day)). */
  streams: DayStreams;
}

export interface DayStreams {
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

const CORE_CACHE_LIMIT = 4096;
const coreCache = new Map<string, CoreProfile>();

/** The core profile of a word set (cached: every row of a top shares its phrase's core). */
export function coreOf(set: readonly string[]): CoreProfile {
  const words = set.filter((w) => !MODIFIER_WORDS.has(w)).join(' ');
  const region = cityNamed(set);
  const key = region === undefined ? words : `${words}@${region}`;
  const hit = coreCache.get(key);
  if (hit) return hit;
  const seed = hashString(words);
  const core = {
    key,
    seed,
    city: cityFocus(set, seed),
    ...timeProfile(words, seed),
    desktopShare: between(0.2, 0.55, seed, SALT.desktop),
    tabletShare: between(0.02, 0.07, seed, SALT.tablet),
    dithers: [unit(seed, SALT.deviceRound, 2), unit(seed, SALT.deviceRound, 3)] as const,
  };
  if (coreCache.size >= CORE_CACHE_LIMIT) coreCache.delete(coreCache.keys().next().value!);
  coreCache.set(key, core);
  return core;
}

/** Largest slow trend (per year, either way) of a core, and of a core with a seasonal word. */
const TREND = 0.12;
const SEASONAL_TREND = 0.04;

/** Amplitude range of the yearly cycle of a core with neither a category nor a seasonal word: a weak one. */
const WEAK_SEASON = [0.02, 0.12] as const;

/**
 * A core's time profile. A core holding a seasonal word (seasons.ts: ёлка, егэ, шины летние …) follows that
 * word's cycle; else a core of a known category follows the category's (bicycles peak in June, skis in
 * January, weather is flat); either varied a little per core. Any other core gets only a weak cycle with a
 * peak from its hash: a word the model knows nothing about has no reason to peak strongly in any month. Trend,
 * weekly rhythm and wobble come from the core's hash.
 */
function timeProfile(key: string, seed: number): TimeProfile {
  const words = key === '' ? [] : key.split(' ');
  const seasonal = seasonOf(words);
  const match = seasonal || words.length === 0 ? undefined : categoryOf(words);
  const category = match ? CATEGORIES[match.category]! : undefined;
  const cycle = seasonal ?? category;
  const seasonAmplitude = cycle
    ? Math.min(0.85, cycle.amplitude * between(0.85, 1.15, seed, SALT.season))
    : between(WEAK_SEASON[0], WEAK_SEASON[1], seed, SALT.season);
  // A category's peak varies by ±a week per core; a seasonal word's by ±4 days (holidays keep their dates).
  const jitter = seasonal ? 0.011 : 0.02;
  const seasonPeak = cycle ? peakFraction(cycle.peakMonth) + between(-jitter, jitter, seed, SALT.phase) : unit(seed, SALT.phase);
  // A seasonal word's demand follows the calendar: a slow trend of ±12 % a year would let January outdo a
  // December peak within one calendar year (they are eleven months apart), so it drifts at most ±4 %.
  const trend = seasonal ? SEASONAL_TREND : TREND;
  return {
    seasonAmplitude,
    seasonPeak,
    seasonSharpness: seasonal?.sharpness ?? 1,
    trendPerYear: between(-trend, trend, seed, SALT.trend),
    weekendRatio: between(0.6, 1.3, seed, SALT.weekend),
    noise: mix(seed, SALT.dayNoise),
  };
}

/** Volume and core of a phrase given by its words (in any order and form, repeats and stop words allowed). */
export function phraseVolume(words: readonly string[]): PhraseVolume {
  return setVolume(broadSet(words));
}

/**
 * phraseVolume of words already made a broad set (keys, sorted, no repeats: see broadSet). A caller that knows the core
 * (a phrase plus modifier words keeps the phrase's core) may pass it to skip the lookup.
 */
export function setVolume(set: readonly string[], core: CoreProfile = coreOf(set)): PhraseVolume {
  return { set, volume30: volumeOf(set), core };
}

/** Derives a phrase's parameters (pure; callers may cache). */
export function phraseParams(rawPhrase: string): PhraseParams {
  const phrase = canonicalPhrase(rawPhrase);
  const query = parseQuery(phrase);
  const first = query.variants[0]!;
  const words = first.words;
  const plain = phraseVolume(words);
  const { set, core } = plain;
  // One combination: the plain volume times shares ≤ 1 (match-model.ts); alternatives add their combinations.
  const volume30 = query.restricted ? matchedVolume(query) : plain.volume30;
  const seed = hashString(set.join(' '));
  return {
    phrase,
    words,
    plain: plainText(first),
    restricted: query.restricted,
    quoted: query.quoted,
    minus: first.minus,
    set,
    seed,
    volume30,
    core,
    desktopShare: core.desktopShare,
    tabletShare: core.tabletShare,
    streams: {
      round: mix(seed, SALT.dayRound),
      tablet: mix(seed, SALT.deviceRound, 0),
      desktop: mix(seed, SALT.deviceRound, 1),
      filter: [mix(seed, SALT.filterRound, 0), mix(seed, SALT.filterRound, 1), mix(seed, SALT.filterRound, 2)],
    },
  };
}
