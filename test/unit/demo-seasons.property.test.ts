import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryOf } from '../../src/adapters/demo/categories.js';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { patternMatches, SEASONAL_WORDS } from '../../src/adapters/demo/seasons.js';
import { MODIFIER_WORDS } from '../../src/adapters/demo/word-model.js';
import { MODIFIER_LISTS } from '../../src/adapters/demo/vocabulary.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { cyrillicWord, PROPERTY_SEED } from './demo-arbitraries.js';
import { DEMO_TODAY } from './demo-phrases.js';

/**
 * Seasonality from the words: a phrase holding a seasonal word (seasons.ts) peaks, over the twelve months of
 * 2025, within a month of that word's peak, whatever modifiers or other words come with it; a phrase the
 * model knows nothing about (no topic, no seasonal word) has only a weak yearly cycle.
 */

const source = createDemoSource(loadRegionCatalog(), { today: () => DEMO_TODAY });

const monthly = async (phrase: string) =>
  (await source.dynamics({ phrase, period: 'PERIOD_MONTHLY', fromDate: '2025-01-01', toDate: '2025-12-31', regions: [], devices: [] })).points.map(
    (p) => p.count,
  );
/** Distance between months on the year's circle (fractional peaks allowed: 12.5 is 0.5 from both December and January). */
const monthGap = (a: number, b: number) => {
  const d = Math.abs(a - b) % 12;
  return Math.min(d, 12 - d);
};
/** Word endings to put after a "stem*" pattern. */
const ENDING = fc.constantFrom('', 'а', 'и', 'ы', 'ие', 'ая', 'ой', 'ую');

/** A seasonal entry and a phrase written from it: its words with endings, plus up to two modifiers and random words. */
const seasonalPhrase = fc
  .tuple(
    fc.constantFrom(...SEASONAL_WORDS),
    fc.array(ENDING, { minLength: 2, maxLength: 2 }),
    fc.uniqueArray(fc.constantFrom(...MODIFIER_LISTS.generic, ...MODIFIER_LISTS.goods), { maxLength: 2 }),
    fc.array(cyrillicWord, { maxLength: 1 }),
  )
  .map(([entry, endings, modifiers, others]) => {
    const own = entry.patterns.map((p, i) => (p.endsWith('*') ? p.slice(0, -1) + endings[i]! : p));
    return { entry, own, phrase: [...own, ...others, ...modifiers].join(' '), others };
  })
  // The extra random word must not be seasonal itself (it would bring its own cycle).
  .filter(({ others }) => !others.some((w) => SEASONAL_WORDS.some((e) => e.patterns.some((p) => patternMatches(p, w)))));

describe('demo seasonal words (fast-check)', () => {
  it('never match a modifier word (modifiers share the core, so a cycle must come from core words)', () => {
    for (const entry of SEASONAL_WORDS) for (const p of entry.patterns) for (const m of MODIFIER_WORDS) expect(patternMatches(p, m), `${p} ~ ${m}`).toBe(false);
  });

  it('peak within a month of the table peak in 2025, with modifiers and other words around', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(seasonalPhrase, async ({ entry, phrase }) => {
        const counts = await monthly(phrase);
        // Below ~1000 a month, rounding and the day-to-day wobble could move the peak: too few queries to say.
        if (Math.max(...counts) < 1000) return;
        checked++;
        const peak = counts.indexOf(Math.max(...counts)) + 1;
        expect(monthGap(peak, entry.peakMonth), `"${phrase}" peaks in ${peak}, table ${entry.peakMonth}`).toBeLessThanOrEqual(1);
        expect(Math.max(...counts) / Math.min(...counts), phrase).toBeGreaterThan(2); // a real season, not a ripple
      }),
      { ...PROPERTY_SEED, numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it('gives a phrase of no topic and no seasonal word only a weak cycle', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(cyrillicWord, { minLength: 1, maxLength: 2 }), async (w) => {
        const core = w.filter((x) => !MODIFIER_WORDS.has(x));
        if (core.length === 0 || categoryOf(core) !== undefined) return;
        if (core.some((x) => SEASONAL_WORDS.some((e) => e.patterns.some((p) => patternMatches(p, x))))) return;
        const counts = await monthly(w.join(' '));
        if (Math.min(...counts) < 1000) return;
        checked++;
        // Cycle ≤ 12 %, trend ≤ 12 %/year and the weekday mix of a month: well under 1.6 from top to bottom
        // (the hash used to give one phrase in six a cycle of 45–80 %, a swing of 3–9).
        expect(Math.max(...counts) / Math.min(...counts), w.join(' ')).toBeLessThan(1.6);
      }),
      { ...PROPERTY_SEED, numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(50);
  });
});
