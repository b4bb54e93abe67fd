import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { devices, PROPERTY_SEED, regionFilter, withYo, words } from './demo-arbitraries.js';
import { DEMO_TODAY } from './demo-phrases.js';

/**
 * ё = е in the demo, as in Wordstat: "ёлка" and "елка" are one phrase, so every number (top, dynamics,
 * regions) is the same whichever letter, or capital Ё, a caller typed.
 */

const source = createDemoSource(loadRegionCatalog(), { today: () => DEMO_TODAY });

/** Phrases rich in е (the words plus one holding е), and which е to write as ё. */
const spelled = fc.tuple(words(3), fc.constantFrom('елка', 'еж', 'зеленый', 'черный', 'елки'), fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), fc.boolean());

describe('demo ё = е (fast-check)', () => {
  it('gives identical top (totalCount and rows) for ё and е spellings', async () => {
    await fc.assert(
      fc.asyncProperty(spelled, regionFilter, devices, async ([w, extra, picks, capital], regions, devs) => {
        const plain = [...w, extra].join(' ');
        const yo = withYo(plain, picks, capital);
        const ask = (phrase: string) => source.top({ phrase, regions: [...regions], devices: devs, numPhrases: 5 });
        const [a, b] = await Promise.all([ask(plain), ask(yo)]);
        expect(b.totalCount).toBe(a.totalCount);
        expect(b.results.slice(1)).toEqual(a.results.slice(1)); // the first row echoes the phrase as asked
        expect(b.associations).toEqual(a.associations);
      }),
      { ...PROPERTY_SEED, numRuns: 200 },
    );
  });

  it('gives identical dynamics and regions for ё and е spellings', async () => {
    await fc.assert(
      fc.asyncProperty(spelled, regionFilter, devices, async ([w, extra, picks, capital], regions, devs) => {
        const plain = [...w, extra].join(' ');
        const yo = withYo(plain, picks, capital);
        const dynamics = (phrase: string) =>
          source.dynamics({ phrase, period: 'PERIOD_WEEKLY', fromDate: '2026-01-05', toDate: '2026-11-15', regions: [...regions], devices: devs });
        expect(await dynamics(yo)).toEqual(await dynamics(plain));
        const regionsOf = (phrase: string) => source.regions({ phrase, level: 'REGION_ALL', devices: devs });
        expect(await regionsOf(yo)).toEqual(await regionsOf(plain));
      }),
      { ...PROPERTY_SEED, numRuns: 80 },
    );
  });
});
