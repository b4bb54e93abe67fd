import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { DEMO_TODAY } from './demo-phrases.js';

/**
 * The cases that were wrong in the demo and prompted its match-type, ё, capital and seasonal rules (the
 * property tests next to this file cover them in general): "пицца" in quotes counted 2.4× bare пицца,
 * ёлка and елка differed, ёлка peaked in May, ЕГЭ in October and летние шины in November.
 */

const source = createDemoSource(loadRegionCatalog(), { today: () => DEMO_TODAY });
const total = async (phrase: string) => (await source.top({ phrase, regions: [], devices: [], numPhrases: 1 })).totalCount;
const peakMonth2025 = async (phrase: string) => {
  const { points } = await source.dynamics({ phrase, period: 'PERIOD_MONTHLY', fromDate: '2025-01-01', toDate: '2025-12-31', regions: [], devices: [] });
  const counts = points.map((p) => p.count);
  return counts.indexOf(Math.max(...counts)) + 1;
};

describe('demo invariants: the reported cases', () => {
  it('counts "пицца" in quotes below bare пицца, and "!пицца" in quotes below that', async () => {
    const broad = await total('пицца');
    const phrase = await total('"пицца"');
    const exact = await total('"!пицца"');
    expect(phrase).toBeLessThan(broad);
    expect(phrase).toBeGreaterThan(broad * 0.1);
    expect(exact).toBeLessThanOrEqual(phrase);
    expect(exact).toBeGreaterThan(phrase * 0.5);
    expect(await total('[пицца]')).toBe(broad);
  });

  it('lists only the phrase itself in a quoted top (phrase match allows no other word)', async () => {
    const top = await source.top({ phrase: '"пицца"', regions: [], devices: [], numPhrases: 50 });
    expect(top.results).toEqual([{ phrase: '"пицца"', count: top.totalCount }]);
  });

  it('keeps minus words out of the top and the count', async () => {
    const top = await source.top({ phrase: 'пицца -рецепт', regions: [], devices: [], numPhrases: 50 });
    expect(top.totalCount).toBeLessThan(await total('пицца'));
    expect(top.results.length).toBeGreaterThan(10);
    for (const row of top.results.slice(1)) {
      expect(row.phrase.split(' ')).not.toContain('рецепт');
      expect(row.count).toBeLessThanOrEqual(top.totalCount);
    }
  });

  it('gives ёлка and елка the same numbers', async () => {
    expect(await total('ёлка')).toBe(await total('елка'));
    expect(await total('Ёлка искусственная')).toBe(await total('елка искусственная'));
    const regions = (phrase: string) => source.regions({ phrase, level: 'REGION_CITIES', devices: [] });
    expect(await regions('ёлка')).toEqual(await regions('елка'));
  });

  it('peaks ёлка in December, ЕГЭ in May–June, летние шины in spring and зимние шины in autumn', async () => {
    expect(await peakMonth2025('ёлка')).toBe(12);
    expect(await peakMonth2025('елка купить')).toBe(12);
    expect([5, 6]).toContain(await peakMonth2025('егэ'));
    expect([3, 4, 5]).toContain(await peakMonth2025('шины летние'));
    expect([3, 4, 5]).toContain(await peakMonth2025('летние шины'));
    expect([9, 10, 11]).toContain(await peakMonth2025('шины зимние'));
  });

  it('puts Moscow at 20–30 % and Saint Petersburg at 7–12 % of Russia for пицца', async () => {
    const { rows } = await source.regions({ phrase: 'пицца', level: 'REGION_ALL', devices: [] });
    const count = (id: number) => rows.find((r) => r.regionId === id)!.count;
    expect(count(213) / count(225)).toBeGreaterThanOrEqual(0.2);
    expect(count(213) / count(225)).toBeLessThanOrEqual(0.3);
    expect(count(2) / count(225)).toBeGreaterThanOrEqual(0.07);
    expect(count(2) / count(225)).toBeLessThanOrEqual(0.12);
  });
});
