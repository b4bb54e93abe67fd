import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { devices, PROPERTY_SEED, regionFilter } from './demo-arbitraries.js';
import { DEMO_TODAY } from './demo-phrases.js';

/**
 * Broad match merges word forms and ignores stop words, as Wordstat does (issue 24, item 19): "детский
 * велосипед", "детских велосипедов", "детские велосипеды" and "велосипед детский" are one broad query, and
 * "велосипед в москве" is "велосипед москва". Phrase match ("…") keeps any forms but counts the stop words
 * (quotes fix the number of words); exact match ("!…") fixes the forms, so it tells the forms apart.
 *
 * The forms are declined here by hand (regular Russian paradigms), not by the model's stemmer.
 */

const source = createDemoSource(loadRegionCatalog(), { today: () => DEMO_TODAY });

/** Regular paradigms: a stem and the endings of its forms (the first is the dictionary form). */
const MASCULINE = ['', 'а', 'у', 'ом', 'е', 'ы', 'ов', 'ам', 'ами', 'ах'];
const FEMININE = ['а', 'ы', 'е', 'у', 'ой', 'ам', 'ами', 'ах'];
const ADJECTIVE_HARD = ['ый', 'ого', 'ому', 'ым', 'ом', 'ая', 'ую', 'ое', 'ые', 'ых', 'ыми'];
const ADJECTIVE_VELAR = ['ий', 'ого', 'ому', 'им', 'ом', 'ая', 'ую', 'ое', 'ие', 'их', 'ими'];
const NOUNS: readonly (readonly [string, readonly string[]])[] = [
  ...['велосипед', 'самокат', 'ноутбук', 'диван', 'телевизор', 'шкаф', 'слон', 'холодильник', 'рюкзак', 'матрас', 'гараж'].map((s) => [s, MASCULINE] as const),
  ...['палатк', 'квартир', 'куртк', 'машин', 'теплиц', 'сумк', 'собак', 'лодк', 'книг', 'пицц'].map((s) => [s, FEMININE] as const),
];
const ADJECTIVES: readonly (readonly [string, readonly string[]])[] = [
  ...['красн', 'нов', 'стар', 'бел', 'черн', 'дешев', 'кругл'].map((s) => [s, ADJECTIVE_HARD] as const),
  ...['детск', 'женск', 'мужск', 'городск', 'английск'].map((s) => [s, ADJECTIVE_VELAR] as const),
];
const STOPS = ['в', 'на', 'для', 'с', 'по', 'из', 'и', 'от', 'до', 'без', 'у', 'под'];

/** One lexeme: its dictionary form and another form of it. */
const lexeme = (list: readonly (readonly [string, readonly string[]])[]) =>
  fc.tuple(fc.constantFrom(...list), fc.nat()).map(([[stem, endings], pick]) => ({
    base: stem + endings[0],
    other: stem + endings[pick % endings.length],
  }));

/** An adjective and a noun (dictionary forms) and the same words in other forms, maybe swapped, with stop words. */
const phrasePair = fc
  .tuple(lexeme(ADJECTIVES), lexeme(NOUNS), fc.boolean(), fc.subarray(STOPS, { maxLength: 2 }))
  .map(([adjective, noun, swap, stops]) => {
    const other = swap ? [noun.other, adjective.other] : [adjective.other, noun.other];
    return { base: `${adjective.base} ${noun.base}`, other: [...stops, ...other].join(' '), stops, forms: [adjective, noun] };
  });

const total = async (phrase: string, regions: readonly number[] = [], devs: Parameters<typeof source.top>[0]['devices'] = []) =>
  (await source.top({ phrase, regions: [...regions], devices: devs, numPhrases: 1 })).totalCount;

describe('demo word forms (fast-check)', () => {
  it('gives every form of the words, in any order and with stop words, one broad number on any filter', async () => {
    await fc.assert(
      fc.asyncProperty(phrasePair, regionFilter, devices, async ({ base, other }, regions, devs) => {
        expect(await total(other, regions, devs), `${other} vs ${base}`).toBe(await total(base, regions, devs));
      }),
      { ...PROPERTY_SEED, numRuns: 300 },
    );
  });

  it('gives them one regional picture and one monthly series too', async () => {
    await fc.assert(
      fc.asyncProperty(phrasePair, async ({ base, other }) => {
        const regions = (phrase: string) => source.regions({ phrase, level: 'REGION_ALL', devices: [] });
        expect(await regions(other)).toEqual(await regions(base));
        const monthly = (phrase: string) =>
          source.dynamics({ phrase, period: 'PERIOD_MONTHLY', fromDate: '2025-01-01', toDate: '2025-12-31', regions: [], devices: [] });
        expect(await monthly(other)).toEqual(await monthly(base));
      }),
      { ...PROPERTY_SEED, numRuns: 60 },
    );
  });

  it('keeps phrase match across forms but tells stop words apart; exact match tells the forms apart', async () => {
    let exactDiffers = 0;
    let stopsDiffer = 0;
    let formCases = 0;
    let stopCases = 0;
    await fc.assert(
      fc.asyncProperty(phrasePair, async ({ base, stops, forms }) => {
        const broad = await total(base);
        if (broad < 1000) return;
        const written = forms.map((f) => f.other);
        // Quotes: any forms of the same words count alike …
        expect(await total(`"${written.join(' ')}"`)).toBe(await total(`"${base}"`));
        // … but a stop word is a word there: "велосипед в москве" is not "велосипед москве" in quotes.
        if (stops.length > 0) {
          stopCases++;
          if ((await total(`"${[...stops, ...written].join(' ')}"`)) !== (await total(`"${written.join(' ')}"`))) stopsDiffer++;
        }
        const exact = async (words: readonly string[]) => total(`"${words.map((w) => `!${w}`).join(' ')}"`);
        if (written.some((w, i) => w !== forms[i]!.base)) {
          formCases++;
          if ((await exact(written)) !== (await exact(forms.map((f) => f.base)))) exactDiffers++;
        }
        expect(await exact(written)).toBeLessThanOrEqual(await total(`"${written.join(' ')}"`));
      }),
      { ...PROPERTY_SEED, numRuns: 300 },
    );
    // Shares are drawn per form, so two forms can round to one count now and then: nearly always they differ.
    expect(formCases).toBeGreaterThan(100);
    expect(exactDiffers / formCases).toBeGreaterThan(0.95);
    expect(stopCases).toBeGreaterThan(50);
    expect(stopsDiffer / stopCases).toBeGreaterThan(0.95);
  });

  it('has the reported cases: детский велосипед in four forms, велосипед в москве = велосипед москва', async () => {
    const forms = ['детский велосипед', 'детских велосипедов', 'детские велосипеды', 'велосипед детский'];
    const counts = await Promise.all(forms.map((p) => total(p)));
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThan(1000);
    expect(await total('велосипед в москве')).toBe(await total('велосипед москва'));
    expect(await total('"велосипед в москве"')).not.toBe(await total('"велосипед москва"'));
    expect(await total('"!детских !велосипедов"')).not.toBe(await total('"!детский !велосипед"'));
  });
});
