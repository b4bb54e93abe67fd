/**
 * Seasonality and trend of a monthly series, the figures an SEO specialist plans a year with. Computed from the
 * counts alone (oldest month first) and the calendar month of the first one; see docs/decisions.md.
 */

export const TREND_CLASSES = ['growing', 'stable', 'falling', 'seasonal'] as const;
export type TrendClass = (typeof TREND_CLASSES)[number];

export interface Seasonality {
  /** How many months the figures rest on (12 or 24 from search_volume; the window's from /v2 dynamics). */
  months: number;
  /** Last 12 months against the 12 before them, in percent (one decimal); null without 24 months or with none before. */
  yoyChangePercent: number | null;
  /** 1–12: the calendar month with the highest mean count; null when there is no demand. */
  peakMonth: number | null;
  /** Peak calendar month's mean ÷ the mean of all months (two decimals; 1 for a flat series); null with no demand. */
  seasonalityIndex: number | null;
  /** The fitted line's change over a year relative to the mean, in percent (one decimal). */
  slopePercentPerYear: number;
  trendClass: TrendClass;
}

/** Fewest months the figures need: a whole year, so that every calendar month is seen. */
export const MIN_SEASONALITY_MONTHS = 12;
/** A yearly change of the fitted line at least this large (relative to the mean) is growth or fall. */
export const TREND_THRESHOLD = 0.1;
/** A swing around the fitted line of at least this share of the mean is a seasonal series. */
export const SEASONAL_SWING = 0.5;

/**
 * The figures of `counts` (oldest first) whose first month is `firstMonth` (1–12); null with fewer than 12 months.
 *
 * trendClass: `seasonal` when the series swings around its least-squares line by at least half its mean (highest
 * minus lowest residual); else `growing`/`falling` when the line changes by at least 10 % of the mean a year;
 * else `stable`. Seasonal is decided first: a peak month pulls a 12-point line up or down by where it falls in
 * the window, which is not a trend.
 */
export function seasonalityOf(counts: readonly number[], firstMonth: number): Seasonality | null {
  const n = counts.length;
  if (n < MIN_SEASONALITY_MONTHS) return null;
  const mean = counts.reduce((sum, c) => sum + c, 0) / n;
  if (mean <= 0) {
    return { months: n, yoyChangePercent: null, peakMonth: null, seasonalityIndex: null, slopePercentPerYear: 0, trendClass: 'stable' };
  }
  const { slope, intercept } = leastSquares(counts);
  const residuals = counts.map((c, t) => c - (intercept + slope * t));
  const swing = (Math.max(...residuals) - Math.min(...residuals)) / mean;
  const yearly = (slope * 12) / mean;
  const peak = peakCalendarMonth(counts, firstMonth);
  return {
    months: n,
    yoyChangePercent: yearOverYear(counts),
    peakMonth: peak.month,
    seasonalityIndex: round(peak.mean / mean, 2),
    slopePercentPerYear: round(yearly * 100, 1),
    trendClass: swing >= SEASONAL_SWING ? 'seasonal' : yearly >= TREND_THRESHOLD ? 'growing' : yearly <= -TREND_THRESHOLD ? 'falling' : 'stable',
  };
}

/** Sum of the last 12 months against the 12 before them; null without 24 months or when those were all 0. */
function yearOverYear(counts: readonly number[]): number | null {
  if (counts.length < 24) return null;
  const sum = (from: number, to: number) => counts.slice(from, to).reduce((s, c) => s + c, 0);
  const last = sum(counts.length - 12, counts.length);
  const before = sum(counts.length - 24, counts.length - 12);
  return before > 0 ? round((last / before - 1) * 100, 1) : null;
}

/** The calendar month (1–12) whose months average highest, the earliest on a tie, with that average. */
function peakCalendarMonth(counts: readonly number[], firstMonth: number): { month: number; mean: number } {
  const sums = new Array<number>(12).fill(0);
  const seen = new Array<number>(12).fill(0);
  counts.forEach((count, t) => {
    const month = (firstMonth - 1 + t) % 12;
    sums[month]! += count;
    seen[month]! += 1;
  });
  let best = { month: 1, mean: -1 };
  for (let m = 0; m < 12; m++) {
    const monthMean = seen[m]! > 0 ? sums[m]! / seen[m]! : 0;
    if (monthMean > best.mean) best = { month: m + 1, mean: monthMean };
  }
  return best;
}

/** The least-squares line through (t, counts[t]), t = 0, 1, …. */
function leastSquares(counts: readonly number[]): { slope: number; intercept: number } {
  const n = counts.length;
  const meanT = (n - 1) / 2;
  const meanY = counts.reduce((s, c) => s + c, 0) / n;
  let num = 0;
  let den = 0;
  counts.forEach((c, t) => {
    num += (t - meanT) * (c - meanY);
    den += (t - meanT) ** 2;
  });
  const slope = den > 0 ? num / den : 0;
  return { slope, intercept: meanY - slope * meanT };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
