import { describe, expect, it } from 'vitest';
import { presentLocations, presentSearchVolumeItem, presentSuggestions } from '../../src/rest/v1/presenters.js';

describe('/v1 presenters', () => {
  it('search_volume item: exactly the format\'s fields, snake_case', () => {
    const json = presentSearchVolumeItem({
      keyword: ' Пицца',
      locationCode: 1012,
      languageCode: 'ru',
      searchVolume: 1234,
      competition: 0.4,
      competitionLevel: 'MEDIUM',
      cpc: 0.25,
      monthlySearches: [{ year: 2026, month: 2, searchVolume: 1300 }],
    });
    expect(Object.keys(json)).toEqual([
      'keyword',
      'location_code',
      'language_code',
      'search_volume',
      'competition',
      'competition_level',
      'cpc',
      'monthly_searches',
    ]);
    expect(json).toEqual({
      keyword: ' Пицца',
      location_code: 1012,
      language_code: 'ru',
      search_volume: 1234,
      competition: 0.4,
      competition_level: 'MEDIUM',
      cpc: 0.25,
      monthly_searches: [{ year: 2026, month: 2, search_volume: 1300 }],
    });
  });

  it('suggestions and locations objects', () => {
    expect(
      presentSuggestions({ seedKeyword: 'a', items: [{ keyword: 'b', searchVolume: 5, competition: 0, cpc: 0.05 }] }),
    ).toEqual({ seed_keyword: 'a', items: [{ keyword: 'b', search_volume: 5, competition: 0, cpc: 0.05 }] });
    expect(
      presentLocations({
        keyword: 'a',
        items: [
          {
            locationCode: 10039,
            locationName: 'Rostov-on-Don',
            locationNameLocal: 'Ростов-на-Дону',
            countryCode: 'RU',
            searchVolume: 300,
            share: 0.024,
            affinityIndex: 60.5,
          },
        ],
      }),
    ).toEqual({
      keyword: 'a',
      items: [
        {
          location_code: 10039,
          location_name: 'Rostov-on-Don',
          location_name_local: 'Ростов-на-Дону',
          country_code: 'RU',
          search_volume: 300,
          share: 0.024,
          affinity_index: 60.5,
        },
      ],
    });
  });
});
