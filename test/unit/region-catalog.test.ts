import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRegions, findSharedSource, serializeRegions } from '../../scripts/build-regions.js';
import { NAME_EN_BY_ID } from '../../scripts/region-names-en.js';
import { findDataFile, loadRegionCatalog } from '../../src/adapters/region-data.js';
import { createRegionCatalog, type Region } from '../../src/domain/regions/catalog.js';
import { REGION_TYPES } from '../../src/domain/types.js';

const catalog = loadRegionCatalog();
const region = (id: number): Region => {
  const found = catalog.get(id);
  if (!found) throw new Error(`region ${id} missing from the catalog`);
  return found;
};

describe('shipped catalog (data/regions.json)', () => {
  it('has unique ids, known types, and every parent present', () => {
    const raw = JSON.parse(readFileSync(findDataFile('regions.json'), 'utf8')) as Region[];
    expect(new Set(raw.map((r) => r.id)).size).toBe(raw.length);
    expect(raw.length).toBe(869);
    for (const r of catalog.all) {
      expect(REGION_TYPES).toContain(r.type);
      if (r.parentId !== null) expect(catalog.get(r.parentId), `parent of ${r.id}`).toBeDefined();
    }
  });

  it('has no cycles: every chain of parents ends at a root', () => {
    for (const r of catalog.all) {
      const seen = new Set<number>([r.id]);
      for (let p = r.parentId; p !== null; p = region(p).parentId) {
        expect(seen.has(p), `cycle through ${r.id}`).toBe(false);
        seen.add(p);
      }
    }
  });

  it('gives every region an English name in Latin letters, digits, spaces and ()-.,\'', () => {
    for (const r of catalog.all) {
      expect(r.nameEn.trim(), `${r.id} ${r.name}`).not.toBe('');
      expect(r.nameEn, `${r.id} ${r.name}`).toMatch(/^[A-Za-z0-9 ()\-.,']+$/);
    }
  });

  it('knows the anchor regions of the decisions', () => {
    expect(region(225)).toMatchObject({ nameEn: 'Russia', type: 'country', countryCode: 'RU', parentId: null });
    expect(region(213)).toMatchObject({ name: 'Москва', nameEn: 'Moscow', type: 'city', countryCode: 'RU' });
    expect(region(2)).toMatchObject({ nameEn: 'Saint Petersburg', type: 'city', countryCode: 'RU' });
    expect(region(1)).toMatchObject({ nameEn: 'Moscow and Moscow Oblast', type: 'region' });
    expect(region(3)).toMatchObject({ nameEn: 'Central Federal District', type: 'district', parentId: 225 });
    expect(region(977)).toMatchObject({ name: 'Республика Крым', type: 'region' });
  });

  it('names subjects and foreign places by the rules and well-known names', () => {
    const expected: Record<number, string> = {
      10174: 'Saint Petersburg and Leningrad Oblast', 10645: 'Belgorod Oblast', 10995: 'Krasnodar Krai',
      10933: 'Republic of Karelia', 11119: 'Tatarstan', 11024: 'Chechnya', 10176: 'Nenets Autonomous Okrug',
      98580: 'Volokolamsky District', 54: 'Yekaterinburg', 39: 'Rostov-on-Don', 143: 'Kyiv', 157: 'Minsk',
      162: 'Almaty', 103728: 'Istanbul Province', 103674: 'Ankara Province', 166: 'CIS (excluding Russia)',
      111: 'Europe', 29630: 'Minsk and Minsk Region',
    };
    for (const [id, nameEn] of Object.entries(expected)) expect(region(Number(id)).nameEn).toBe(nameEn);
  });

  it('names every root and federal district from the well-known-name table, not by transliteration', () => {
    const named = [...catalog.all.filter((r) => r.parentId === null), ...catalog.ofType('district')];
    for (const r of named) expect(r.nameEn, r.name).toBe(NAME_EN_BY_ID[r.id]);
  });

  it('has the eight federal districts under Russia, and no other district', () => {
    const districts = catalog.ofType('district');
    expect(districts).toHaveLength(8);
    for (const d of districts) {
      expect(d.parentId).toBe(225);
      expect(d.nameEn).toMatch(/ Federal District$/);
    }
  });

  it('gives every country a well-known English name and a 2-letter code', () => {
    const countries = catalog.ofType('country');
    expect(countries).toHaveLength(58);
    for (const c of countries) {
      expect(c.countryCode, c.name).toMatch(/^[A-Z]{2}$/);
      expect(c.nameEn, c.name).toBe(NAME_EN_BY_ID[c.id]);
    }
  });

  it('gives every region its country\'s code, RU throughout Russia, and "" above country level', () => {
    for (const r of catalog.all) {
      const country = [r, ...catalog.ancestors(r.id)].find((a) => a.type === 'country');
      expect(r.countryCode, `${r.id} ${r.name}`).toBe(country?.countryCode ?? '');
      if (catalog.isWithin(r.id, 225)) expect(r.countryCode).toBe('RU');
    }
    for (const root of catalog.all.filter((r) => r.parentId === null && r.type !== 'country')) {
      expect(root.type).toBe('other');
      expect(root.countryCode).toBe('');
    }
  });
});

describe('RegionCatalog lookups', () => {
  const mk = (id: number, parentId: number | null, type: Region['type']): Region =>
    ({ id, parentId, name: `r${id}`, nameEn: `R${id}`, type, countryCode: '' });
  const small = createRegionCatalog([
    mk(10, null, 'country'), mk(20, 10, 'region'), mk(30, 20, 'city'), mk(31, 20, 'city'), mk(21, 10, 'region'),
    { ...mk(30, 21, 'other'), name: 'duplicate' },
  ]);

  it('gets by id, keeping the first of duplicated ids', () => {
    expect(small.get(30)).toMatchObject({ parentId: 20, type: 'city' });
    expect(small.get(99)).toBeUndefined();
    expect(small.all.map((r) => r.id)).toEqual([10, 20, 30, 31, 21]);
  });

  it('lists ancestors nearest first', () => {
    expect(small.ancestors(30).map((r) => r.id)).toEqual([20, 10]);
    expect(small.ancestors(10)).toEqual([]);
    expect(small.ancestors(99)).toEqual([]);
    expect(catalog.ancestors(213).map((r) => r.id)).toEqual([1, 3, 225]);
  });

  it('lists children in catalog order, and regions by type', () => {
    expect(small.children(20).map((r) => r.id)).toEqual([30, 31]);
    expect(small.children(30)).toEqual([]);
    expect(small.ofType('region').map((r) => r.id)).toEqual([20, 21]);
    expect(small.ofType('district')).toEqual([]);
    expect(catalog.children(1).map((r) => r.id)).toContain(213);
  });

  it('answers isWithin for self, ancestors and unrelated regions', () => {
    expect(small.isWithin(30, 30)).toBe(true);
    expect(small.isWithin(30, 10)).toBe(true);
    expect(small.isWithin(30, 21)).toBe(false);
    expect(small.isWithin(10, 30)).toBe(false);
    expect(catalog.isWithin(213, 3)).toBe(true);
    expect(catalog.isWithin(213, 17)).toBe(false);
  });
});

describe('build script (scripts/build-regions.ts)', () => {
  const sourcePath = findSharedSource();
  if (!sourcePath) console.warn('shared/data/regions.json not found above the repo: skipping the drift check');

  it.skipIf(!sourcePath)('reproduces the committed data/regions.json exactly from the shared source', () => {
    const built = serializeRegions(buildRegions(JSON.parse(readFileSync(sourcePath!, 'utf8'))));
    expect(built).toBe(readFileSync(findDataFile('regions.json'), 'utf8'));
  });

  const row = (id: number, parentId: number | null, name: string, type: string, countryCode: string | null) =>
    ({ id, parentId, name, nameEn: null, type, countryCode, population: null });

  it('lower-cases types, inherits country codes, leaves "" on groups, fills known gaps, drops identical duplicates', () => {
    const log: string[] = [];
    const regions = buildRegions(
      [
        row(166, null, 'СНГ (исключая Россию)', 'OTHER', null),
        row(159, 166, 'Казахстан', 'COUNTRY', 'KZ'),
        row(29415, 159, 'Павлодар и область', 'REGION', null),
        row(29386, 166, 'Абхазия', 'COUNTRY', null),
        row(159, 166, 'Казахстан', 'COUNTRY', 'KZ'),
      ],
      (line) => log.push(line),
    );
    expect(regions.map((r) => [r.id, r.type, r.countryCode])).toEqual([
      [159, 'country', 'KZ'], [166, 'other', ''], [29386, 'country', 'GE'], [29415, 'region', 'KZ'],
    ]);
    expect(regions.find((r) => r.id === 29415)?.nameEn).toBe('Pavlodar and Pavlodar Region');
    expect(log).toHaveLength(2); // the two filled codes; no type changed
  });

  it('reclassifies by rule: a non-federal "district", a mistyped republic, a municipal district', () => {
    const log: string[] = [];
    const regions = buildRegions(
      [
        row(225, null, 'Россия', 'COUNTRY', 'RU'),
        row(3, 225, 'Центр', 'OTHER', 'RU'),
        row(11119, 3, 'Республика Татарстан', 'CITY', 'RU'),
        row(98580, 11119, 'Волоколамский район', 'CITY', 'RU'),
        row(187, null, 'Украина', 'COUNTRY', 'UA'),
        row(20544, 187, 'Киев и область', 'DISTRICT', 'UA'),
      ],
      (line) => log.push(line),
    );
    expect(Object.fromEntries(regions.map((r) => [r.id, r.type]))).toEqual({
      3: 'district', 11119: 'region', 98580: 'other', 187: 'country', 225: 'country', 20544: 'region',
    });
    expect(log).toHaveLength(4);
  });

  it('rejects inconsistent input', () => {
    expect(() => buildRegions([row(5, 77, 'Сирота', 'CITY', null)])).toThrow(/unknown parent 77/);
    expect(() => buildRegions([row(1, null, 'А', 'OTHER', null), row(1, null, 'Б', 'OTHER', null)])).toThrow(/twice/);
    expect(() => buildRegions([row(9, null, 'Страна', 'COUNTRY', null)])).toThrow(/no country code/);
    expect(() =>
      buildRegions([row(225, null, 'Россия', 'COUNTRY', 'RU'), row(4, 225, 'Белгород', 'CITY', 'UA')]),
    ).toThrow(/has code UA/);
    expect(() => buildRegions([row(1, 2, 'А', 'CITY', null), row(2, 1, 'Б', 'CITY', null)])).toThrow(/cycle/);
  });
});
