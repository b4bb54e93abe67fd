import { keyOf } from './word-forms.js';

/**
 * Words whose searches follow the calendar, with the month their demand peaks in. A phrase core holding one
 * of these takes its yearly cycle, ahead of its topic category: "шины" (auto) peak mildly in October, but
 * "шины летние" in April (people buy before the season) and "шины зимние" in October–November; "егэ" (work
 * and study) in late May–June, not in September. Without this table a phrase of no category drew a random
 * peak from its hash (ёлка peaked in May).
 *
 * A pattern word ending in * matches any word key it begins ("елк*": елка, елки, елку); any other must be
 * a form of the word itself ("марта" in "8 марта", "8 марте"; "мартышка" is no holiday; months are not
 * weather modifiers, so "погода март" peaks in March, as people look ahead). Only core words are matched
 * (not modifiers: "14" of "на 14 дней" is one), so a phrase plus modifiers keeps the cycle.
 */

export interface SeasonalEntry {
  /** Every pattern must match a word of the core. */
  patterns: readonly string[];
  /**
   * Month of the peak, 1–12: m is the middle of month m, m.5 the turn of two months (12.5: December–January).
   * Only whole and half months: a peak at 11.9 would put January 1.1 months from it, as close as the day-to-day
   * wobble of a monthly sum can bridge, so "peaks within a month" would fail for some phrases.
   */
  peakMonth: number;
  /** Relative amplitude of the yearly cycle (0–0.85): demand swings between 1 - a and about 1 + a (k = 1). */
  amplitude: number;
  /**
   * How narrow the peak is, k = 2–4 (daily-model.ts; the categories' plain cosine is k = 1): 2 a season of
   * a few months (swimsuits, all summer), 4 a few weeks around a date (Valentine's day). A cosine is too
   * broad for a seasonal word: the 31 days of January or March outweigh February's 28 even at February's
   * peak, and a peak near a month's end leaves the next month within the day-to-day wobble of it.
   */
  sharpness: number;
}

export const SEASONAL_WORDS: readonly SeasonalEntry[] = [
  // New Year
  { patterns: ['елк*'], peakMonth: 12, amplitude: 0.85, sharpness: 2 },
  { patterns: ['новогодн*'], peakMonth: 12, amplitude: 0.85, sharpness: 3 },
  { patterns: ['гирлянд*'], peakMonth: 12, amplitude: 0.75, sharpness: 2 },
  { patterns: ['мандарин*'], peakMonth: 12, amplitude: 0.6, sharpness: 2 },
  { patterns: ['дед', 'мороз*'], peakMonth: 12, amplitude: 0.85, sharpness: 3 },
  // Winter sport (Dec–Jan: the category says January; the boots and skates sell from December)
  { patterns: ['лыж*'], peakMonth: 12.5, amplitude: 0.8, sharpness: 2 },
  { patterns: ['коньк*'], peakMonth: 12.5, amplitude: 0.8, sharpness: 2 },
  { patterns: ['снегокат*'], peakMonth: 12.5, amplitude: 0.85, sharpness: 2 },
  { patterns: ['снегоуборщик*'], peakMonth: 12, amplitude: 0.7, sharpness: 2 },
  { patterns: ['обогревател*'], peakMonth: 12, amplitude: 0.65, sharpness: 2 },
  // Holidays of February–May
  { patterns: ['валентинк*'], peakMonth: 2, amplitude: 0.85, sharpness: 4 },
  { patterns: ['февраля'], peakMonth: 2, amplitude: 0.7, sharpness: 3 },
  { patterns: ['маслениц*'], peakMonth: 2.5, amplitude: 0.8, sharpness: 2 },
  { patterns: ['марта'], peakMonth: 3, amplitude: 0.8, sharpness: 4 },
  { patterns: ['тюльпан*'], peakMonth: 3, amplitude: 0.7, sharpness: 2 },
  { patterns: ['мимоз*'], peakMonth: 3, amplitude: 0.7, sharpness: 2 },
  { patterns: ['пасх*'], peakMonth: 4, amplitude: 0.75, sharpness: 2 },
  { patterns: ['кулич*'], peakMonth: 4, amplitude: 0.75, sharpness: 2 },
  { patterns: ['мая'], peakMonth: 5, amplitude: 0.7, sharpness: 2 },
  // Exams and school
  { patterns: ['егэ'], peakMonth: 6, amplitude: 0.6, sharpness: 2 },
  { patterns: ['огэ'], peakMonth: 5.5, amplitude: 0.6, sharpness: 2 },
  { patterns: ['выпускн*'], peakMonth: 6, amplitude: 0.6, sharpness: 2 },
  { patterns: ['школьн*', 'форм*'], peakMonth: 8, amplitude: 0.8, sharpness: 2 },
  { patterns: ['рюкзак*', 'школьн*'], peakMonth: 8, amplitude: 0.75, sharpness: 2 },
  { patterns: ['первоклассник*'], peakMonth: 8, amplitude: 0.8, sharpness: 2 },
  // Summer
  { patterns: ['купальник*'], peakMonth: 6.5, amplitude: 0.7, sharpness: 2 },
  { patterns: ['шлепанц*'], peakMonth: 6.5, amplitude: 0.7, sharpness: 2 },
  { patterns: ['кондиционер*'], peakMonth: 7, amplitude: 0.6, sharpness: 2 },
  { patterns: ['вентилятор*'], peakMonth: 7, amplitude: 0.7, sharpness: 2 },
  { patterns: ['солнцезащитн*'], peakMonth: 6.5, amplitude: 0.7, sharpness: 2 },
  { patterns: ['клещ*'], peakMonth: 5, amplitude: 0.75, sharpness: 2 },
  { patterns: ['арбуз*'], peakMonth: 8, amplitude: 0.8, sharpness: 2 },
  // Tyres: bought before the season, so the modifier word decides
  { patterns: ['шин*', 'летн*'], peakMonth: 4, amplitude: 0.75, sharpness: 2 },
  { patterns: ['резин*', 'летн*'], peakMonth: 4, amplitude: 0.75, sharpness: 2 },
  { patterns: ['шин*', 'зимн*'], peakMonth: 10.5, amplitude: 0.75, sharpness: 2 },
  { patterns: ['резин*', 'зимн*'], peakMonth: 10.5, amplitude: 0.75, sharpness: 2 },
  // Autumn
  { patterns: ['хэллоуин*'], peakMonth: 10, amplitude: 0.85, sharpness: 4 },
  { patterns: ['хеллоуин*'], peakMonth: 10, amplitude: 0.85, sharpness: 4 },
  { patterns: ['черная', 'пятниц*'], peakMonth: 11, amplitude: 0.85, sharpness: 4 },
];

/**
 * Whether a pattern matches a word's key (word-forms.ts: a core holds keys): a prefix pattern by its prefix,
 * a whole word by its key, so "марта" matches "март", "марте" and "мартом" alike.
 */
export function patternMatches(pattern: string, key: string): boolean {
  // A prefix is stemmed too: "тюльпан" has the key "тюльпа" (the stemmer's quirk), which "тюльпан*" must match.
  return pattern.endsWith('*') ? key.startsWith(keyOf(pattern.slice(0, -1))) : key === keyOf(pattern);
}

/**
 * The seasonal entry of a core's words: the one with the most patterns all matched (so "шины летние" takes
 * the tyre entry, not a one-word one), the first in the table on a tie; undefined when none matches.
 */
export function seasonOf(coreWords: readonly string[]): SeasonalEntry | undefined {
  let best: SeasonalEntry | undefined;
  for (const entry of SEASONAL_WORDS) {
    if (best && entry.patterns.length <= best.patterns.length) continue;
    if (entry.patterns.every((p) => coreWords.some((w) => patternMatches(p, w)))) best = entry;
  }
  return best;
}

/** Where in the year (0–1, from January 1) a peak month falls: month m peaks in its middle. */
export function peakFraction(peakMonth: number): number {
  return (((peakMonth - 0.5) / 12) % 1 + 1) % 1;
}
