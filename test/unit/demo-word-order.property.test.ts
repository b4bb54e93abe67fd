import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/adapters/demo/categories.js';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { PROPERTY_SEED, words } from './demo-arbitraries.js';
import { DEMO_TODAY } from './demo-phrases.js';

/**
 * The fixed-order operator [a b] (issue 24, item 20): never above broad, one word in brackets is broad, the
 * two orders of two words share the broad queries between them, and the order people type is the larger:
 * an adjective before its noun ("[детский велосипед]" above "[велосипед детский]"), "купить" before the
 * goods, a city after them.
 */

const source = createDemoSource(loadRegionCatalog(), { today: () => DEMO_TODAY });
const total = async (phrase: string) => (await source.top({ phrase, regions: [], devices: [], numPhrases: 1 })).totalCount;

/** Adjectives in the nominative, each with a noun of its gender and number from the topic table. */
const ADJECTIVES = ['детский', 'новый', 'красный', 'большой', 'дешевый', 'электрический', 'городской', 'складной', 'белый'];
/** One-word masculine entries (a consonant at the end), which a masculine adjective agrees with. */
const NOUNS = CATEGORIES.flatMap((c) => c.entries.map(([e]) => e)).filter((e) => !e.includes(' ') && /[бвгджзклмнпрстфхцчшщ]$/.test(e));

const adjectiveNoun = fc.tuple(fc.constantFrom(...ADJECTIVES), fc.constantFrom(...NOUNS));

describe('demo fixed word order (fast-check)', () => {
  it('puts an adjective before its noun above the other order; the two orders add up to broad', async () => {
    await fc.assert(
      fc.asyncProperty(adjectiveNoun, async ([adjective, noun]) => {
        const broad = await total(`${adjective} ${noun}`);
        const natural = await total(`[${adjective} ${noun}]`);
        const other = await total(`[${noun} ${adjective}]`);
        expect(natural).toBeLessThanOrEqual(broad);
        expect(other).toBeLessThanOrEqual(broad);
        if (broad >= 100) expect(natural, `[${adjective} ${noun}] vs [${noun} ${adjective}]`).toBeGreaterThan(other);
        // Every query with both words has them in one order or the other (each count rounded once or twice).
        expect(Math.abs(natural + other - broad)).toBeLessThanOrEqual(3);
      }),
      { ...PROPERTY_SEED, numRuns: 200 },
    );
  });

  it('puts "купить" before the goods and a city after them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NOUNS), fc.constantFrom('москва', 'спб', 'казань'), async (noun, city) => {
        if ((await total(`купить ${noun}`)) >= 100) expect(await total(`[купить ${noun}]`)).toBeGreaterThan(await total(`[${noun} купить]`));
        if ((await total(`${noun} ${city}`)) >= 100) expect(await total(`[${noun} ${city}]`)).toBeGreaterThan(await total(`[${city} ${noun}]`));
      }),
      { ...PROPERTY_SEED, numRuns: 100 },
    );
  });

  it('counts one word in brackets as broad, and any order at most broad', async () => {
    await fc.assert(
      fc.asyncProperty(words(4), async (w) => {
        const broad = await total(w.join(' '));
        expect(await total(`[${w.join(' ')}]`)).toBeLessThanOrEqual(broad);
        expect(await total(`[${[...w].reverse().join(' ')}]`)).toBeLessThanOrEqual(broad);
        expect(await total(`[${w[0]}]`)).toBe(await total(w[0]!));
      }),
      { ...PROPERTY_SEED, numRuns: 200 },
    );
  });

  it('has the reported cases: [детский велосипед] above [велосипед детский], [беговел] = беговел', async () => {
    expect(await total('[детский велосипед]')).toBeGreaterThan(await total('[велосипед детский]'));
    expect(await total('[беговел]')).toBe(await total('беговел'));
  });
});
