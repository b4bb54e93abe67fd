import { at } from './hash.js';
import { splitDevices, type DeviceParts } from './devices.js';
import { DAYS_PER_YEAR, TREND_ORIGIN_DAY, type PhraseParams, type PhraseVolume, type TimeProfile } from './phrase-model.js';

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number (1970-01-01, day 0, was a Thursday). */
export function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/**
 * The yearly cycle on one day: (1 - a) + a · ((1 + cos θ) / 2)^k / mean_k, θ the angle from the peak. Its mean
 * over a year is 1 for every k (mean_k = C(2k, k) / 4^k is the mean of ((1 + cos θ) / 2)^k), and k = 1 is the
 * plain 1 + a·cos θ; a larger k narrows the peak around its date (seasons.ts).
 */
function seasonFactor(profile: TimeProfile, years: number): number {
  const cos = Math.cos(2 * Math.PI * (years - profile.seasonPeak));
  const k = profile.seasonSharpness;
  if (k === 1) return 1 + profile.seasonAmplitude * cos;
  return 1 - profile.seasonAmplitude + (profile.seasonAmplitude * ((1 + cos) / 2) ** k) / SHARP_MEAN[k]!;
}

/** mean_k = C(2k, k) / 4^k for k = 0…4. */
const SHARP_MEAN = [1, 0.5, 0.375, 0.3125, 0.2734375];

/**
 * A core's demand on one day relative to its typical day: the yearly cycle, the slow trend, the weekly rhythm
 * (weekdays vs weekends, averaging 1 over a week) and a small day-to-day wobble (±12 %).
 */
export function relativeDemand(profile: TimeProfile, day: number): number {
  const years = (day - TREND_ORIGIN_DAY) / DAYS_PER_YEAR;
  const season = seasonFactor(profile, years);
  const trend = Math.exp(profile.trendPerYear * years);
  const weekday = 7 / (5 + 2 * profile.weekendRatio);
  const week = weekdayOf(day) >= 6 ? weekday * profile.weekendRatio : weekday;
  const wobble = 1 + 0.24 * (at(profile.noise, day) - 0.5);
  return season * trend * week * wobble;
}

/** Expected (real-valued) demand of a phrase on one day, all regions and devices. */
export function expectedDaily(params: PhraseParams, day: number): number {
  if (params.volume30 === 0) return 0;
  return (params.volume30 / 30) * relativeDemand(params.core, day);
}

/** The days a "last 30 days" answer (top, regions) covers: the 30 days ending with `lastDay`. */
export const LAST_DAYS = 30;

const WINDOW_CACHE_LIMIT = 4096;
const windowCache = new Map<string, number>();

/** The mean relative demand of a core over the 30 days ending with `lastDay` (cached: a top's rows share it). */
function windowFactor(profile: TimeProfile & { key: string }, lastDay: number): number {
  const key = `${profile.key}|${lastDay}`;
  const hit = windowCache.get(key);
  if (hit !== undefined) return hit;
  let sum = 0;
  for (let day = lastDay - LAST_DAYS + 1; day <= lastDay; day++) sum += relativeDemand(profile, day);
  if (windowCache.size >= WINDOW_CACHE_LIMIT) windowCache.delete(windowCache.keys().next().value!);
  windowCache.set(key, sum / LAST_DAYS);
  return sum / LAST_DAYS;
}

/**
 * A phrase's count over the 30 days ending with `lastDay`, all regions and devices: the sum of its expected
 * daily demand over those days, rounded. The daily counts of dynamics are those expectations rounded one by
 * one, so their sum over the same days is within 30 of it: top's totalCount agrees with the last 30 daily
 * values within rounding. Every phrase of a core shares the factor, so a top's rows keep their order.
 */
export function lastDaysVolume(phrase: PhraseVolume, lastDay: number): number {
  if (phrase.volume30 === 0) return 0;
  return Math.round(phrase.volume30 * windowFactor(phrase.core, lastDay));
}

/**
 * The primary quantity of the model: the integer count of a phrase on one day, per device, for a region
 * filter whose share of the phrase's demand is `regionFraction` (1 = no filter). Rounding is stochastic with
 * per-(phrase, day) dithers, so sums over weeks and months are unbiased, exact sums of these integers, and a
 * smaller fraction never gives a larger count.
 */
export function dailyParts(params: PhraseParams, day: number, regionFraction: number): DeviceParts {
  const expected = expectedDaily(params, day);
  if (expected === 0) return [0, 0, 0];
  const { streams } = params;
  const national = Math.floor(expected + at(streams.round, day));
  const parts = splitDevices(national, params, at(streams.tablet, day), at(streams.desktop, day));
  if (regionFraction >= 1) return parts;
  const share = (part: number, k: 0 | 1 | 2) =>
    part === 0 ? 0 : Math.min(part, Math.floor(part * regionFraction + at(streams.filter[k], day)));
  return [share(parts[0], 0), share(parts[1], 1), share(parts[2], 2)];
}

/**
 * All search-engine queries on one day over all regions and devices (the denominator of `share`): about
 * 1.2 billion, a little lower at weekends, growing 5 % a year.
 */
export function allQueriesDaily(day: number): number {
  const years = (day - TREND_ORIGIN_DAY) / DAYS_PER_YEAR;
  const week = weekdayOf(day) >= 6 ? 0.85 : 1.06;
  return 1.2e9 * week * Math.exp(0.05 * years);
}
