/**
 * Words whose searches follow the calendar, with the month their demand peaks in. A phrase core holding one
 * of these takes its yearly cycle, ahead of its topic category: "шины" (auto) peak mildly in October, but
 * "шины летние" in April (people buy before the season) and "шины зимние" in October–November; "егэ" (work
 * and study) in late May–June, not in September. Without this table a phrase of no category drew a random
 * peak from its hash (ёлка peaked in May).
 *
 * A pattern word ending in * matches any word it begins ("елк*": елка, елки, елку); any other must be the
 * word itself ("марта" in "8 марта": "март" alone is a weather modifier, "мартышка" is no holiday). Only core
 * words are matched (not modifiers: "14" of "на 14 дней" is one), so a phrase plus modifiers keeps the cycle.
 */

export interface SeasonalEntry {
  /** Every pattern must match a word of the core. */
  patterns: readonly string[];
  /** Month of the peak, 1–12, fractional: m is the middle of month m, 12.5 the turn of December and January. */
  peakMonth: number;
  /** Relative amplitude of the yearly cycle (0–0.85): demand swings between 1 - a and about 1 + a (k = 1). */
  amplitude: number;
  /**
   * How narrow the peak is, k = 1–4 (daily-model.ts): 1 a plain cosine over the year (swimsuits, all
   * summer), 4 a few weeks around a date (Valentine's day). A dated holiday needs it: with a cosine, the
   * 31 days of January or March outweigh February's 28 even at February's peak.
   */
  sharpness: number;
}

export const SEASONAL_WORDS: readonly SeasonalEntry[] = [
  // New Year
  { patterns: ['елк*'], peakMonth: 12.3, amplitude: 0.85, sharpness: 2 },
  { patterns: ['новогодн*'], peakMonth: 12.3, amplitude: 0.85, sharpness: 3 },
  { patterns: ['гирлянд*'], peakMonth: 12.2, amplitude: 0.75, sharpness: 2 },
  { patterns: ['мандарин*'], peakMonth: 12.3, amplitude: 0.6, sharpness: 1 },
  { patterns: ['дед', 'мороз*'], peakMonth: 12.4, amplitude: 0.85, sharpness: 3 },
  // Winter sport (Dec–Jan: the category says January; the boots and skates sell from December)
  { patterns: ['лыж*'], peakMonth: 12.6, amplitude: 0.8, sharpness: 1 },
  { patterns: ['коньк*'], peakMonth: 12.5, amplitude: 0.8, sharpness: 1 },
  { patterns: ['снегокат*'], peakMonth: 12.6, amplitude: 0.85, sharpness: 2 },
  { patterns: ['снегоуборщик*'], peakMonth: 12.4, amplitude: 0.7, sharpness: 1 },
  { patterns: ['обогревател*'], peakMonth: 11.6, amplitude: 0.65, sharpness: 1 },
  // Holidays of February–May
  { patterns: ['валентинк*'], peakMonth: 2, amplitude: 0.85, sharpness: 4 },
  { patterns: ['февраля'], peakMonth: 2.2, amplitude: 0.7, sharpness: 3 },
  { patterns: ['маслениц*'], peakMonth: 2.6, amplitude: 0.8, sharpness: 2 },
  { patterns: ['марта'], peakMonth: 2.7, amplitude: 0.8, sharpness: 4 },
  { patterns: ['тюльпан*'], peakMonth: 2.9, amplitude: 0.7, sharpness: 2 },
  { patterns: ['мимоз*'], peakMonth: 2.8, amplitude: 0.7, sharpness: 2 },
  { patterns: ['пасх*'], peakMonth: 4.3, amplitude: 0.75, sharpness: 2 },
  { patterns: ['кулич*'], peakMonth: 4.3, amplitude: 0.75, sharpness: 2 },
  { patterns: ['мая'], peakMonth: 4.7, amplitude: 0.7, sharpness: 2 },
  // Exams and school
  { patterns: ['егэ'], peakMonth: 6, amplitude: 0.6, sharpness: 2 },
  { patterns: ['огэ'], peakMonth: 5.8, amplitude: 0.6, sharpness: 2 },
  { patterns: ['выпускн*'], peakMonth: 6, amplitude: 0.6, sharpness: 2 },
  { patterns: ['школьн*', 'форм*'], peakMonth: 8.3, amplitude: 0.8, sharpness: 2 },
  { patterns: ['рюкзак*', 'школьн*'], peakMonth: 8.2, amplitude: 0.75, sharpness: 2 },
  { patterns: ['первоклассник*'], peakMonth: 8.4, amplitude: 0.8, sharpness: 2 },
  // Summer
  { patterns: ['купальник*'], peakMonth: 6.5, amplitude: 0.7, sharpness: 1 },
  { patterns: ['шлепанц*'], peakMonth: 6.5, amplitude: 0.7, sharpness: 1 },
  { patterns: ['кондиционер*'], peakMonth: 7, amplitude: 0.6, sharpness: 1 },
  { patterns: ['вентилятор*'], peakMonth: 7, amplitude: 0.7, sharpness: 1 },
  { patterns: ['солнцезащитн*'], peakMonth: 6.8, amplitude: 0.7, sharpness: 1 },
  { patterns: ['клещ*'], peakMonth: 5.3, amplitude: 0.75, sharpness: 1 },
  { patterns: ['арбуз*'], peakMonth: 8.2, amplitude: 0.8, sharpness: 1 },
  // Tyres: bought before the season, so the modifier word decides
  { patterns: ['шин*', 'летн*'], peakMonth: 4.2, amplitude: 0.75, sharpness: 2 },
  { patterns: ['резин*', 'летн*'], peakMonth: 4.2, amplitude: 0.75, sharpness: 2 },
  { patterns: ['шин*', 'зимн*'], peakMonth: 10.8, amplitude: 0.75, sharpness: 2 },
  { patterns: ['резин*', 'зимн*'], peakMonth: 10.8, amplitude: 0.75, sharpness: 2 },
  // Autumn
  { patterns: ['хэллоуин*'], peakMonth: 10.4, amplitude: 0.85, sharpness: 4 },
  { patterns: ['хеллоуин*'], peakMonth: 10.4, amplitude: 0.85, sharpness: 4 },
  { patterns: ['черная', 'пятниц*'], peakMonth: 11.4, amplitude: 0.85, sharpness: 4 },
];

/** Whether a pattern word matches a word (see the file comment). */
export function patternMatches(pattern: string, word: string): boolean {
  return pattern.endsWith('*') ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
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
