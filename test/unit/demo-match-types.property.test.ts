import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import type { DeviceFilter } from '../../src/domain/types.js';
import { devices, PROPERTY_SEED, regionFilter, words } from './demo-arbitraries.js';
import { DEMO_TODAY } from './demo-phrases.js';

/**
 * Wordstat's match types in the demo: for the same words, region filter and devices, phrase match ("a b") is at
 * most broad match (a b), exact match ("!a !b") at most phrase match, and fixed order ([a b]) at most broad;
 * in the top's totalCount, in every daily point and in every region row. The service will ask the source's
 * top for such phrases, so a demo that counted "пицца" in quotes above пицца would mislead every caller.
 */

const catalog = loadRegionCatalog();
const source = createDemoSource(catalog, { today: () => DEMO_TODAY });

const forms = (w: readonly string[]) => ({
  broad: w.join(' '),
  phrase: `"${w.join(' ')}"`,
  exact: `"${w.map((x) => `!${x}`).join(' ')}"`,
  order: `[${w.join(' ')}]`,
});

const total = async (phrase: string, regions: readonly number[], devices: DeviceFilter) =>
  (await source.top({ phrase, regions: [...regions], devices, numPhrases: 1 })).totalCount;

describe('demo match types: totalCount (fast-check)', () => {
  it('phrase ≤ broad, exact ≤ phrase, order ≤ broad, all non-negative integers, on any filter', async () => {
    await fc.assert(
      fc.asyncProperty(words(5), regionFilter, devices, async (w, regions, devs) => {
        const f = forms(w);
        const [broad, phrase, exact, order] = await Promise.all([
          total(f.broad, regions, devs),
          total(f.phrase, regions, devs),
          total(f.exact, regions, devs),
          total(f.order, regions, devs),
        ]);
        for (const n of [broad, phrase, exact, order]) expect(Number.isInteger(n) && n >= 0).toBe(true);
        expect(phrase).toBeLessThanOrEqual(broad);
        expect(exact).toBeLessThanOrEqual(phrase);
        expect(order).toBeLessThanOrEqual(broad);
        if (w.length === 1) expect(order).toBe(broad); // one word has one order
      }),
      { ...PROPERTY_SEED, numRuns: 400 },
    );
  });

  it('is deterministic: a second source gives the same counts', async () => {
    const other = createDemoSource(catalog, { today: () => DEMO_TODAY });
    await fc.assert(
      fc.asyncProperty(words(3), async (w) => {
        for (const p of Object.values(forms(w))) {
          const again = await other.top({ phrase: p, regions: [], devices: [], numPhrases: 1 });
          expect(again.totalCount).toBe(await total(p, [], []));
        }
      }),
      { ...PROPERTY_SEED, numRuns: 100 },
    );
  });

  it('is believable: phrase 10–60 % of broad for 1–3 words, less for longer; exact most of phrase for one word', async () => {
    // Each count is rounded twice (the 30-day volume, then its last-30-days value): within 1 of the exact
    // product, so above 1000 queries the ratio is within 0.002 of the model's share.
    const slack = 0.002;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(words(5), async (w) => {
        const f = forms(w);
        const broad = await total(f.broad, [], []);
        if (broad < 1000) return;
        checked++;
        const share = (await total(f.phrase, [], [])) / broad;
        if (w.length <= 3) {
          expect(share).toBeGreaterThanOrEqual(0.1 - slack);
          expect(share).toBeLessThanOrEqual(0.6 + slack);
        } else {
          expect(share).toBeLessThanOrEqual(0.3 + slack);
        }
        if (w.length === 1) expect((await total(f.exact, [], [])) / (await total(f.phrase, [], []))).toBeGreaterThanOrEqual(0.5 - slack);
      }),
      { ...PROPERTY_SEED, numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});

describe('demo match types: dynamics and regions (fast-check)', () => {
  it('keeps phrase ≤ broad and exact ≤ phrase on every day of daily dynamics, per region filter and devices', async () => {
    await fc.assert(
      fc.asyncProperty(words(3), regionFilter, devices, async (w, regions, devs) => {
        const f = forms(w);
        const daily = async (phrase: string) =>
          (await source.dynamics({ phrase, period: 'PERIOD_DAILY', fromDate: '2026-10-01', toDate: '2026-10-31', regions: [...regions], devices: devs })).points.map((p) => p.count);
        const [broad, phrase, exact, order] = await Promise.all([daily(f.broad), daily(f.phrase), daily(f.exact), daily(f.order)]);
        broad.forEach((b, day) => {
          expect(phrase[day]).toBeLessThanOrEqual(b);
          expect(exact[day]).toBeLessThanOrEqual(phrase[day]!);
          expect(order[day]).toBeLessThanOrEqual(b);
        });
      }),
      { ...PROPERTY_SEED, numRuns: 100 },
    );
  });

  it('keeps phrase ≤ broad in every region row', async () => {
    await fc.assert(
      fc.asyncProperty(words(3), devices, async (w, devs) => {
        const f = forms(w);
        const rows = async (phrase: string) =>
          new Map((await source.regions({ phrase, level: 'REGION_ALL', devices: devs })).rows.map((r) => [r.regionId, r.count]));
        const [broad, phrase, exact] = await Promise.all([rows(f.broad), rows(f.phrase), rows(f.exact)]);
        for (const [id, count] of phrase) expect(count).toBeLessThanOrEqual(broad.get(id) ?? 0);
        for (const [id, count] of exact) expect(count).toBeLessThanOrEqual(phrase.get(id) ?? 0);
      }),
      { ...PROPERTY_SEED, numRuns: 60 },
    );
  });
});
