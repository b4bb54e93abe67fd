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
    ['моск', 213], // two prefix matches: the city before the region named after it ("Москва и область")
    ['мск', 213], // alias
    ['спб', 2], // alias: not a substring of any name
    ['питер', 2], // alias
    ['санкт петербург', 2], // a space stands for the hyphen; exact beats the region's prefix
    ['санкт-петербург', 2],
    ['санкт', 2], // both are prefixes: the city before the region named after it
    ['петербург', 2], // both word prefixes: the same
    ['saint', 2], // English, both prefixes: the same
    ['м', 213], // the spec's table places first within a tier: Moscow before Moldova and "Москва и область"
    ['н', 47], // Nizhny Novgorod and Novosibirsk before the Netherlands
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
    ['бург', 54], // substring only: the table's Yekaterinburg first, then regions (Оренбургская область) before cities
  ])('%s → %i', (query, id) => {
    expect(first(query)).toBe(id);
  });

  it('orders exact, prefix, word prefix, then substring', () => {
    expect(index.search('москва', 50).map((r) => r.id).slice(0, 2)).toEqual([213, 1]);
    // Word prefixes "Великий Новгород" and "Нижний Новгород": the table's Nizhny Novgorod first.
    expect(index.search('новгород', 3).map((r) => r.id)).toEqual([10904, 47, 24]);
    const burg = index.search('бург', 50).map((r) => r.id);
    expect(burg.indexOf(54)).toBeLessThan(burg.indexOf(11084)); // same tier: the table's city first
    expect(burg.indexOf(11084)).toBeLessThan(burg.indexOf(48)); // then region before city (Оренбург)
  });

  it('breaks ties by level, then Russian name (after the table places)', () => {
    const found = index.search('ново', 50);
    expect(found[0]!.id).toBe(65); // Novosibirsk, a table place
    const prefixOnly = found.filter((r) => foldRegionName(r.name).startsWith('ново') && r.id !== 65);
    const levels = prefixOnly.map((r) => ['country', 'district', 'region', 'city', 'other'].indexOf(r.type));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    const cities = prefixOnly.filter((r) => r.type === 'city').map((r) => r.name);
    expect(cities).toEqual([...cities].sort(new Intl.Collator('ru').compare));
  });

  it('the first answer does not flip as the user types on: once the place leads, it keeps the lead', () => {
    const typing = (word: string) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1));
    for (const [word, id] of [
      ['москва', 213],
      ['moscow', 213],
      ['санкт-петербург', 2],
      ['saint petersburg', 2],
      ['екатеринбург', 54],
      ['новосибирск', 65],
      ['казань', 43],
      ['нижний новгород', 47],
    ] as const) {
      const firsts = typing(word).map(first);
      const leads = firsts.indexOf(id);
      expect(leads, `${word}: ${firsts.join(' ')}`).toBeGreaterThanOrEqual(0);
      expect(firsts.slice(leads), word).toEqual(firsts.slice(leads).map(() => id));
    }
    // Moscow leads from the first letter on.
    expect(['м', 'мо', 'мос', 'моск', 'москва'].map(first)).toEqual([213, 213, 213, 213, 213]);
  });

  it('puts a region named after a place right after that place', () => {
    expect(index.search('москва', 2).map((r) => r.id)).toEqual([213, 1]);
    expect(index.search('моск', 2).map((r) => r.id)).toEqual([213, 1]);
    expect(index.search('петербург', 2).map((r) => r.id)).toEqual([2, 10174]);
    expect(index.search('saint', 2).map((r) => r.id)).toEqual([2, 10174]);
    expect(index.search('могил', 2).map((r) => r.id)).toEqual([158, 29629]); // Могилёв, then "Могилёв и область"
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
