import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { createCatalogRegionIndex, createRegionIndex, foldRegionName } from '../../src/domain/regions/region-search.js';
import { createRegionCatalog } from '../../src/domain/regions/catalog.js';

const catalog = loadRegionCatalog();
const index = createRegionIndex(catalog.all);
const first = (query: string) => index.search(query, 10)[0]?.id;

// The shipped tree (data/regions.json), as a person types into the picker: expected best match.
describe('region lookup ranking', () => {
  it.each([
    ['москва', 213], // exact city beats the region "Москва и область" (a prefix match)
    ['Москва', 213],
    ['МОСКВА', 213],
    ['moscow', 213], // English name
    ['  moscow  ', 213],
    ['моск', 1], // two prefix matches: the region level comes before the city
    ['мск', 213], // alias
    ['спб', 2], // alias: not a substring of any name
    ['питер', 2], // alias
    ['санкт петербург', 2], // a space stands for the hyphen; exact beats the region's prefix
    ['санкт-петербург', 2],
    ['санкт', 10174], // both are prefixes: region before city, as the ranking rule says
    ['saint petersburg', 2],
    ['екатеринбург', 54],
    ['екб', 54],
    ['yekaterinburg', 54],
    ['орел', 10], // ё = е: "Орёл"
    ['орёл', 10],
    ['королев', 20728], // "Королёв"
    ['kazan', 43],
    ['россия', 225],
    ['russia', 225],
    ['рос', 225], // prefix: the country before regions and cities starting the same way
    ['новгород', 10904], // prefix of "Новгородская область" before the word prefixes "Великий Новгород", "Нижний Новгород"
    ['центр', 3], // district
    ['бург', 11084], // substring only: regions (Оренбургская область) before cities (Екатеринбург), then by name
  ])('%s → %i', (query, id) => {
    expect(first(query)).toBe(id);
  });

  it('orders exact, prefix, word prefix, then substring', () => {
    expect(index.search('москва', 50).map((r) => r.id).slice(0, 2)).toEqual([213, 1]);
    expect(index.search('новгород', 3).map((r) => r.id)).toEqual([10904, 24, 47]);
    const burg = index.search('бург', 50).map((r) => r.id);
    expect(burg.indexOf(11084)).toBeLessThan(burg.indexOf(54)); // same tier: region before city
    expect(burg.indexOf(54)).toBeLessThan(burg.indexOf(48)); // same level: Екатеринбург before Оренбург
  });

  it('breaks ties by level, then Russian name', () => {
    const found = index.search('ново', 50);
    const prefixOnly = found.filter((r) => foldRegionName(r.name).startsWith('ново'));
    const levels = prefixOnly.map((r) => ['country', 'district', 'region', 'city', 'other'].indexOf(r.type));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    const cities = prefixOnly.filter((r) => r.type === 'city').map((r) => r.name);
    expect(cities).toEqual([...cities].sort(new Intl.Collator('ru').compare));
  });

  it('keeps to the limit and finds nothing for an empty query', () => {
    expect(index.search('а', 5)).toHaveLength(5);
    expect(index.search('   ', 10)).toEqual([]);
    expect(index.search('zzzzqq', 10)).toEqual([]);
  });

  it('follows a catalog that is replaced at run time', () => {
    let current = createRegionCatalog([{ id: 7, parentId: null, name: 'Альфа', nameEn: 'Alpha', type: 'city', countryCode: 'RU' }]);
    const live = createCatalogRegionIndex({ get all() { return current.all; } } as never);
    expect(live.search('альфа', 5).map((r) => r.id)).toEqual([7]);
    current = createRegionCatalog([{ id: 8, parentId: null, name: 'Бета', nameEn: 'Beta', type: 'city', countryCode: 'RU' }]);
    expect(live.search('альфа', 5)).toEqual([]);
    expect(live.search('beta', 5).map((r) => r.id)).toEqual([8]);
  });
});
