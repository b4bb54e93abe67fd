import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { devices, mayNameCity, PROPERTY_SEED, words } from './demo-arbitraries.js';
import { DEMO_TODAY } from './demo-phrases.js';

/**
 * The capitals' weight in the demo's regions answer, as in Wordstat: Moscow (213) holds 20–30 % of Russia's
 * (225) queries and Saint Petersburg (2) 7–12 %, for every phrase with demand that names no city, on any
 * device set. A phrase naming a city is asked mostly there (demo-city-phrases.property.test.ts).
 *
 * Floor: Russia ≥ 1000 queries. The model pins the shares exactly in the region masses, but the integer
 * counts are rounded at every level of the tree (Russia → district → region → city, each a few binary
 * splits); a few units of rounding are a percent of Russia only below ~300 queries, where a share says
 * little anyway. 1000 leaves a wide margin.
 */

const source = createDemoSource(loadRegionCatalog(), { today: () => DEMO_TODAY });
const RUSSIA = 225;
const MOSCOW = 213;
const SAINT_PETERSBURG = 2;
const FLOOR = 1000;

describe('demo capitals (fast-check)', () => {
  it('gives Moscow 20–30 % and Saint Petersburg 7–12 % of Russia when Russia has ≥ 1000 queries (no city named)', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(words(4), devices, async (w, devs) => {
        if (mayNameCity(w.join(' '))) return;
        const { rows } = await source.regions({ phrase: w.join(' '), level: 'REGION_ALL', devices: devs });
        const count = (id: number) => rows.find((r) => r.regionId === id)?.count ?? 0;
        const russia = count(RUSSIA);
        if (russia < FLOOR) return;
        checked++;
        const moscow = count(MOSCOW) / russia;
        const spb = count(SAINT_PETERSBURG) / russia;
        expect(moscow, `Moscow in ${w.join(' ')}`).toBeGreaterThanOrEqual(0.2);
        expect(moscow, `Moscow in ${w.join(' ')}`).toBeLessThanOrEqual(0.3);
        expect(spb, `SPb in ${w.join(' ')}`).toBeGreaterThanOrEqual(0.07);
        expect(spb, `SPb in ${w.join(' ')}`).toBeLessThanOrEqual(0.12);
      }),
      { ...PROPERTY_SEED, numRuns: 250 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it('still varies the capitals from phrase to phrase (the shares are drawn per phrase, not fixed)', async () => {
    const shares = new Set<string>();
    for (const phrase of ['пицца', 'велосипед', 'погода', 'ноутбук купить', 'ипотека']) {
      const { rows } = await source.regions({ phrase, level: 'REGION_ALL', devices: [] });
      const count = (id: number) => rows.find((r) => r.regionId === id)!.count;
      shares.add((count(MOSCOW) / count(RUSSIA)).toFixed(3));
    }
    expect(shares.size).toBeGreaterThan(3);
  });
});
