import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import type { DeviceFilter, RegionCount, RegionLevel } from '../../src/domain/types.js';
import { mayNameCity } from './demo-arbitraries.js';
import { samplePhrases, wordCount, DEMO_TODAY } from './demo-phrases.js';

const catalog = loadRegionCatalog();
const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
const phrases = samplePhrases(200);
const regions = (phrase: string, level: RegionLevel = 'REGION_ALL', devices: DeviceFilter = []) =>
  source.regions({ phrase, level, devices });
const typeOf = (id: number) => catalog.get(id)!.type;
const RUSSIA = 225;
const MOSCOW = 213;

/** The nearest ancestor that is itself a row of the answer ('other' groups are not rows). */
function listedParent(id: number, listed: ReadonlyMap<number, RegionCount>): RegionCount | undefined {
  for (const ancestor of catalog.ancestors(id)) {
    const row = listed.get(ancestor.id);
    if (row) return row;
    if (ancestor.type !== 'other') return undefined; // a listed-level ancestor with no row had no demand
  }
  return undefined;
}

describe('demo regions: levels', () => {
  it('lists countries, districts, regions and cities for REGION_ALL, only cities or regions otherwise', async () => {
    const all = await regions('диван');
    expect(new Set(all.rows.map((r) => typeOf(r.regionId)))).toEqual(new Set(['country', 'district', 'region', 'city']));
    const cities = await regions('диван', 'REGION_CITIES');
    const regionRows = await regions('диван', 'REGION_REGIONS');
    expect(cities.rows.every((r) => typeOf(r.regionId) === 'city')).toBe(true);
    expect(regionRows.rows.every((r) => typeOf(r.regionId) === 'region')).toBe(true);
    // The same numbers at every level: a level is a filter of the full answer.
    expect(cities.total).toBe(all.total);
    expect(regionRows.total).toBe(all.total);
    const allById = new Map(all.rows.map((r) => [r.regionId, r]));
    for (const row of [...cities.rows, ...regionRows.rows]) expect(allById.get(row.regionId)).toEqual(row);
  });

  it('sorts rows by count, omits regions with no demand, and totals the country rows', async () => {
    for (const phrase of phrases) {
      const { rows, total } = await regions(phrase);
      expect(rows.every((row, i) => row.count > 0 && (i === 0 || row.count <= rows[i - 1]!.count))).toBe(true);
      const countries = rows.filter((r) => typeOf(r.regionId) === 'country');
      expect(countries.reduce((s, r) => s + r.count, 0)).toBe(total);
      expect(total).toBe((await source.top({ phrase, numPhrases: 1, regions: [], devices: [] })).totalCount);
    }
  });
});

describe('demo regions: consistency with the tree', () => {
  it('keeps every row at or below its parent, and children within their parent', async () => {
    const problems: string[] = [];
    for (const phrase of phrases) {
      for (const devices of [[], ['DEVICE_TABLET'], ['DEVICE_DESKTOP', 'DEVICE_PHONE']] as DeviceFilter[]) {
        const { rows } = await regions(phrase, 'REGION_ALL', devices);
        const listed = new Map(rows.map((r) => [r.regionId, r]));
        const childSums = new Map<number, number>();
        for (const row of rows) {
          const parent = listedParent(row.regionId, listed);
          if (!parent) {
            if (catalog.ancestors(row.regionId).some((a) => a.type !== 'other')) {
              problems.push(`${phrase}: ${row.regionId} has demand but its parent has none`);
            }
            continue;
          }
          if (row.count > parent.count) problems.push(`${phrase}: ${row.regionId} above ${parent.regionId}`);
          childSums.set(parent.regionId, (childSums.get(parent.regionId) ?? 0) + row.count);
        }
        for (const [parentId, childSum] of childSums) {
          if (childSum > listed.get(parentId)!.count) problems.push(`${phrase}: children of ${parentId} add up to more`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('splits every row across devices exactly', async () => {
    for (const phrase of phrases.slice(0, 60)) {
      const all = await regions(phrase);
      const parts = await Promise.all(
        (['DEVICE_DESKTOP', 'DEVICE_PHONE', 'DEVICE_TABLET'] as const).map((d) => regions(phrase, 'REGION_ALL', [d])),
      );
      for (const row of all.rows) {
        const sum = parts.reduce((s, part) => s + (part.rows.find((r) => r.regionId === row.regionId)?.count ?? 0), 0);
        expect(sum).toBe(row.count);
      }
      expect(parts.reduce((s, p) => s + p.total, 0)).toBe(all.total);
    }
  });

  it('lets Russia dominate, with Moscow and Saint Petersburg the largest cities', async () => {
    for (const phrase of phrases.filter((p) => wordCount(p) <= 2)) {
      const { rows, total } = await regions(phrase);
      const countries = rows.filter((r) => typeOf(r.regionId) === 'country');
      expect(countries[0]!.regionId).toBe(RUSSIA);
      expect(countries[0]!.count / total).toBeGreaterThan(0.6);
      const cities = rows.filter((r) => typeOf(r.regionId) === 'city').slice(0, 2).map((r) => r.regionId);
      expect(cities).toContain(MOSCOW);
    }
  });
});

describe('demo regions: affinity index', () => {
  it('is positive, varies by region, and compares the phrase share with the share of all queries', async () => {
    const implied = new Map<number, number[]>();
    for (const phrase of phrases.filter((p) => wordCount(p) === 1)) {
      const { rows, total } = await regions(phrase);
      expect(rows.every((r) => r.affinityIndex > 0)).toBe(true);
      expect(new Set(rows.map((r) => Math.round(r.affinityIndex))).size).toBeGreaterThan(10);
      // affinity = 100 × (region's part of this phrase) / (region's part of all queries), so the part of all
      // queries it implies must be the same for every phrase, and countries (which partition all queries)
      // must imply parts adding up to 1: the affinity of countries, weighted by their part, averages 100.
      const countries = rows.filter((r) => typeOf(r.regionId) === 'country');
      let sum = 0;
      for (const row of rows) {
        const part = row.count / total / (row.affinityIndex / 100);
        if (typeOf(row.regionId) === 'country') sum += part;
        implied.set(row.regionId, [...(implied.get(row.regionId) ?? []), part]);
      }
      expect(countries.length).toBeGreaterThan(20);
      expect(sum).toBeGreaterThan(0.99);
      expect(sum).toBeLessThan(1.01);
    }
    for (const id of [RUSSIA, MOSCOW, 2, 1, 3]) {
      const parts = implied.get(id)!;
      expect(Math.max(...parts) / Math.min(...parts)).toBeLessThan(1.02);
    }
  });
});

describe('demo regions: filters in top agree with region rows', () => {
  it('gives a filtered top the count of the filtered region, lower than the whole', async () => {
    for (const phrase of phrases.slice(0, 80)) {
      const { rows, total } = await regions(phrase);
      const byId = new Map(rows.map((r) => [r.regionId, r.count]));
      for (const id of [MOSCOW, 1, 3, RUSSIA, 149, 43]) {
        const filtered = await source.top({ phrase, numPhrases: 5, regions: [id], devices: [] });
        expect(filtered.totalCount).toBe(byId.get(id) ?? 0);
        expect(filtered.totalCount).toBeLessThanOrEqual(total);
        expect(filtered.results.every((r) => r.count <= filtered.totalCount)).toBe(true);
      }
      const pair = await source.top({ phrase, numPhrases: 1, regions: [2, MOSCOW], devices: [] });
      expect(pair.totalCount).toBe((byId.get(2) ?? 0) + (byId.get(MOSCOW) ?? 0));
      // A phrase that names a city is asked mostly there (demo-city-phrases.property.test.ts).
      if (total > 1000 && !mayNameCity(phrase)) expect(byId.get(MOSCOW)!).toBeLessThan(total / 2);
    }
  });
});
