import { setImmediate as nextTurn } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { azMorphologyProvider } from '../../src/adapters/morphology/az-morphology.js';
import { loadCoreRules } from '../../src/adapters/morphology/core-data.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { CLEAN_SLICE, cleanCore, cleanCoreInSlices, type CorePhraseInput } from '../../src/domain/core/clean.js';
import type { Morphology } from '../../src/domain/core/morphology.js';

let morphology: Morphology;
const catalog = loadRegionCatalog();
const rules = loadCoreRules();
const options = { rules, catalog, regionId: 213 };

beforeAll(async () => {
  morphology = await azMorphologyProvider.get();
});

/** 1,000 phrases with duplicates, noise and nested kept phrases (for the cross-minus pass). */
function list(n: number): CorePhraseInput[] {
  const products = ['велосипед', 'детский велосипед', 'самокат', 'беговел', 'горный велосипед'];
  const tails = ['', 'купить', 'цена', 'отзывы', 'бесплатно', 'в казани', 'для мальчика', 'купить недорого'];
  return Array.from({ length: n }, (_, i) => ({
    phrase: `${products[i % products.length]} ${tails[Math.floor(i / products.length) % tails.length]} ${i % 3 === 0 ? '' : String(i % 97)}`.trim(),
    volume: (i * 37) % 1000,
  }));
}

describe('cleanCoreInSlices: a long clean lets the event loop in', () => {
  it('asks to pause after every slice of phrases and gives the same result as cleanCore', async () => {
    const phrases = list(1000);
    let pauses = 0;
    const sliced = await cleanCoreInSlices(phrases, options, morphology, async () => {
      pauses++;
      await nextTurn();
    });
    // At least one pause per slice of the analysis pass, and more in the cross-minus pass.
    expect(pauses).toBeGreaterThanOrEqual(1000 / CLEAN_SLICE + 1);
    expect(sliced).toEqual(cleanCore(phrases, options, morphology));
  });

  it('a callback queued while the clean runs is served before the clean ends', async () => {
    const order: string[] = [];
    const cleaning = cleanCoreInSlices(list(1000), options, morphology, () => nextTurn().then(() => undefined)).then(() => order.push('clean done'));
    setImmediate(() => order.push('other request'));
    await cleaning;
    expect(order).toEqual(['other request', 'clean done']);
  });

  it('goes straight on when the pause answers undefined (a slicer with time left)', async () => {
    let asked = 0;
    const result = await cleanCoreInSlices(list(300), options, morphology, () => void asked++);
    expect(asked).toBeGreaterThanOrEqual(300 / CLEAN_SLICE);
    expect(result.phrases).toHaveLength(300);
  });

  it('a smaller slice pauses more often', async () => {
    const count = async (slice: number) => {
      let pauses = 0;
      await cleanCoreInSlices(list(600), options, morphology, async () => void pauses++, slice);
      return pauses;
    };
    expect(await count(50)).toBeGreaterThan(await count(300));
  });
});
