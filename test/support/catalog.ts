import { createRegionCatalog, type Region, type RegionCatalog } from '../../src/domain/regions/catalog.js';

/**
 * A small region tree for tests: the real Wordstat ids and Russian names of data/regions.json, with English
 * names written out, so golden files do not change when the shipped catalog's data is improved.
 */
export const FIXTURE_REGIONS: readonly Region[] = [
  { id: 225, parentId: null, name: 'Россия', nameEn: 'Russia', type: 'country', countryCode: 'RU' },
  { id: 3, parentId: 225, name: 'Центр', nameEn: 'Central Federal District', type: 'district', countryCode: 'RU' },
  { id: 1, parentId: 3, name: 'Москва и область', nameEn: 'Moscow and Moscow Oblast', type: 'region', countryCode: 'RU' },
  { id: 213, parentId: 1, name: 'Москва', nameEn: 'Moscow', type: 'city', countryCode: 'RU' },
  { id: 17, parentId: 225, name: 'Северо-Запад', nameEn: 'Northwestern Federal District', type: 'district', countryCode: 'RU' },
  {
    id: 10174,
    parentId: 17,
    name: 'Санкт-Петербург и Ленинградская область',
    nameEn: 'Saint Petersburg and Leningrad Oblast',
    type: 'region',
    countryCode: 'RU',
  },
  { id: 2, parentId: 10174, name: 'Санкт-Петербург', nameEn: 'Saint Petersburg', type: 'city', countryCode: 'RU' },
  { id: 40, parentId: 225, name: 'Поволжье', nameEn: 'Volga Federal District', type: 'district', countryCode: 'RU' },
  { id: 11119, parentId: 40, name: 'Республика Татарстан', nameEn: 'Republic of Tatarstan', type: 'region', countryCode: 'RU' },
  { id: 43, parentId: 11119, name: 'Казань', nameEn: 'Kazan', type: 'city', countryCode: 'RU' },
  { id: 11079, parentId: 40, name: 'Нижегородская область', nameEn: 'Nizhny Novgorod Oblast', type: 'region', countryCode: 'RU' },
  { id: 47, parentId: 11079, name: 'Нижний Новгород', nameEn: 'Nizhny Novgorod', type: 'city', countryCode: 'RU' },
  { id: 26, parentId: 225, name: 'Юг', nameEn: 'Southern Federal District', type: 'district', countryCode: 'RU' },
  { id: 11029, parentId: 26, name: 'Ростовская область', nameEn: 'Rostov Oblast', type: 'region', countryCode: 'RU' },
  { id: 39, parentId: 11029, name: 'Ростов-на-Дону', nameEn: 'Rostov-on-Don', type: 'city', countryCode: 'RU' },
  { id: 52, parentId: 225, name: 'Урал', nameEn: 'Ural Federal District', type: 'district', countryCode: 'RU' },
  { id: 11162, parentId: 52, name: 'Свердловская область', nameEn: 'Sverdlovsk Oblast', type: 'region', countryCode: 'RU' },
  { id: 54, parentId: 11162, name: 'Екатеринбург', nameEn: 'Yekaterinburg', type: 'city', countryCode: 'RU' },
  { id: 59, parentId: 225, name: 'Сибирь', nameEn: 'Siberian Federal District', type: 'district', countryCode: 'RU' },
  { id: 11316, parentId: 59, name: 'Новосибирская область', nameEn: 'Novosibirsk Oblast', type: 'region', countryCode: 'RU' },
  { id: 65, parentId: 11316, name: 'Новосибирск', nameEn: 'Novosibirsk', type: 'city', countryCode: 'RU' },
];

/** The fixture tree as a catalog. */
export function createFixtureCatalog(): RegionCatalog {
  return createRegionCatalog(FIXTURE_REGIONS);
}
