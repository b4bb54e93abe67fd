import { describe, expect, it } from 'vitest';
import { presentLocations, presentSearchVolumeItem, presentSuggestions } from '../../src/operations/present-v1.js';

describe('/v1 presenters', () => {
  it('search_volume item: the format\'s fields first, snake_case, then the extra fields', () => {
    const json = presentSearchVolumeItem({
      keyword: ' Пицца',
      locationCode: 1012,
      languageCode: 'ru',
      searchVolume: 1234,
      competition: 0.4,
      competitionLevel: 'MEDIUM',
      cpc: 0.25,
      monthlySearches: [{ year: 2026, month: 2, searchVolume: 1300 }],
      matchTypes: {},
      seasonality: null,
    });
    expect(Object.keys(json)).toEqual([
      'keyword',
      'location_code',
      'location_note',
      'language_code',
      'search_volume',
      'competition',
      'competition_level',
      'cpc',
      'monthly_searches',
      'search_volume_phrase',
      'search_volume_exact',
      'search_volume_order',
      'match_type_monthly_searches',
      'seasonality',
      'keyword_form',
      'keyword_measure',
    ]);
    expect(json).toEqual({
      keyword: ' Пицца',
      location_code: 1012,
      location_note: null,
      language_code: 'ru',
      search_volume: 1234,
      competition: 0.4,
      competition_level: 'MEDIUM',
      cpc: 0.25,
      monthly_searches: [{ year: 2026, month: 2, search_volume: 1300 }],
      search_volume_phrase: null,
      search_volume_exact: null,
      search_volume_order: null,
      match_type_monthly_searches: {},
      seasonality: null,
      // A result stored before keyword forms: broad.
      keyword_form: 'broad',
      keyword_measure: null,
    });
  });

  it('search_volume item with match types and seasonality: flat volumes, labelled derived series, snake_case', () => {
    const json = presentSearchVolumeItem({
      keyword: 'пицца',
      locationCode: 2643,
      languageCode: 'ru',
      searchVolume: 1000,
      competition: null,
      competitionLevel: null,
      cpc: 0.3,
      monthlySearches: [{ year: 2026, month: 10, searchVolume: 1000 }],
      matchTypes: {
        exact: { searchVolume: 300, last30Days: 310, broadLast30Days: 1033, ratio: 310 / 1033, monthlySource: 'derived', monthlySearches: [{ year: 2026, month: 10, searchVolume: 300 }] },
      },
      seasonality: { months: 12, yoyChangePercent: null, peakMonth: 12, seasonalityIndex: 1.4, slopePercentPerYear: 2.5, trendClass: 'stable' },
    });
    expect(json.search_volume_exact).toBe(300);
    expect(json.search_volume_phrase).toBeNull();
    expect(json.match_type_monthly_searches).toEqual({
      exact: { source: 'derived', last_30_days: 310, broad_last_30_days: 1033, ratio: 0.300097, monthly_searches: [{ year: 2026, month: 10, search_volume: 300 }] },
    });
    expect(json.seasonality).toEqual({
      months: 12,
      yoy_change_percent: null,
      peak_month: 12,
      seasonality_index: 1.4,
      slope_percent_per_year: 2.5,
      trend_class: 'stable',
    });
  });

  it('location_note: set when the figures were computed as Russia for an unknown code, also for results stored before the flag', () => {
    const item = (locationCode: number, locationFallback?: boolean) =>
      presentSearchVolumeItem({
        keyword: 'x',
        locationCode,
        ...(locationFallback === undefined ? {} : { locationFallback }),
        languageCode: 'ru',
        searchVolume: 1,
        competition: null,
        competitionLevel: null,
        cpc: 0,
        monthlySearches: [],
        matchTypes: {},
        seasonality: null,
      }).location_note;
    expect(item(9999, true)).toBe('computed as Russia: unknown location_code');
    expect(item(10039, false)).toBeNull(); // a rule-2 code computed over its region
    expect(item(10039)).toBe('computed as Russia: unknown location_code'); // stored before: it was Russia then
    expect(item(1012)).toBeNull();
  });

  it('suggestions and locations objects', () => {
    expect(
      presentSuggestions({ seedKeyword: 'a', items: [{ keyword: 'b', searchVolume: 5, competition: 0, cpc: 0.05 }] }),
    ).toEqual({ seed_keyword: 'a', location_note: null, items: [{ keyword: 'b', search_volume: 5, competition: 0, cpc: 0.05 }] });
    expect(presentSuggestions({ seedKeyword: 'a', items: [], locationFallback: true }).location_note).toBe('computed as Russia: unknown location_code');
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

  it('a keyword the source refused: its figures null (never 0), the form, and the error naming it', () => {
    const json = presentSearchVolumeItem({
      keyword: '[велосипед',
      locationCode: 2643,
      languageCode: 'ru',
      form: 'operators',
      error: { code: 'INVALID_FIELD', field: 'keywords[2]', message: 'keywords[2]: Wordstat refused the request: Invalid query syntax' },
    });
    expect(json).toMatchObject({
      keyword: '[велосипед',
      search_volume: null,
      cpc: null,
      competition: null,
      monthly_searches: [],
      seasonality: null,
      keyword_form: 'operators',
      keyword_measure: null,
      error: { status_code: 40501, field: 'keywords[2]', status_message: 'keywords[2]: Wordstat refused the request: Invalid query syntax' },
    });
  });
});
