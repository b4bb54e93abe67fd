import {
  envelopeSchema,
  locationsItemSchema,
  searchVolumeItemSchema,
  suggestionsItemSchema,
} from './schemas-v1.js';
import { dynamicsResponseSchema, regionsResponseSchema, topResponseSchema } from './schemas-v2.js';
import { quotaResponseSchema, usageResponseSchema } from './schemas-account.js';
import { regionSearchResponseSchema } from './schemas-region-search.js';
import { TASK_ROUTE_DOCS } from './task-docs.js';

export type { RouteDoc } from './route-doc.js';
import type { RouteDoc } from './route-doc.js';

const devices =
  'One string or an array: DEVICE_ALL, DEVICE_DESKTOP, DEVICE_PHONE, DEVICE_TABLET or all, desktop, phone|mobile, tablet (any case).';
const regions = 'Up to 100 region codes of the region tree (e.g. 213 Moscow); default all regions.';
const locationCode =
  'Region code of the keyword-data family: 2643 Russia (default), 1012 Moscow, 1013 Saint Petersburg, 1014–1017, or any code /v1/keywords/locations lists (source region id + 10000, e.g. 10039 Rostov-on-Don). Any other code is computed as Russia, echoed as sent and flagged (X-Location-Fallback header, location_note).';
const locationName =
  'Or the location by name, Russian or English: "Moscow", "Москва", "Saint Petersburg", or "Троицк, Москва" (the place, then a region it lies in). A name that matches no region or several is refused (40501) with candidates. Sent with location_code, both must name the same region.';

const envelopeExample = (path: string, request: Record<string, unknown>, result: unknown[]) => {
  const [, api = '', fn = ''] = path.split('/').filter(Boolean);
  const task = {
    id: '0b6f3d2a-6c1e-4f7b-9a51-3f0c1e2d4b5a',
    status_code: 20000,
    status_message: 'Ok.',
    time: '0.0123 sec.',
    cost: 1,
    result_count: result.length,
    path: path.split('/').filter(Boolean),
    data: { api, function: fn, ...request },
    result,
  };
  return { version: '0.1.20260122', status_code: 20000, status_message: 'Ok.', time: '0.0123 sec.', cost: 1, tasks_count: 1, tasks_error: 0, tasks: [task] };
};

const searchVolumeRequest = { keywords: ['купить ноутбук'], location_code: 2643, language_code: 'ru', match_types: ['broad', 'phrase'] };
const suggestionsRequest = { keyword: 'велосипед', limit: 2 };
const locationsRequest = { keyword: 'пицца' };

/** Documentation of every REST route by path; a test fails when a route of the app has none. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  ...TASK_ROUTE_DOCS,
  '/v2/stats/top': {
    response: topResponseSchema,
    requestExample: { phrase: 'ноутбук', numPhrases: 10, regions: [213], devices: ['desktop', 'tablet'] },
    fields: { phrase: 'Non-empty, at most 400 characters.', numPhrases: 'Integer 1–2000; 0 or absent means 50.', regions, devices },
    responseExample: {
      totalCount: 120000,
      results: [
        { phrase: 'ноутбук', count: 120000 },
        { phrase: 'купить ноутбук', count: 41000 },
      ],
      associations: [{ phrase: 'ультрабук', count: 9000 }],
    },
  },
  '/v2/stats/dynamics': {
    response: dynamicsResponseSchema,
    requestExample: { phrase: 'велосипед', period: 'weekly', fromDate: '2026-01-01' },
    fields: {
      phrase: 'Non-empty, at most 400 characters.',
      period: 'PERIOD_MONTHLY (default), PERIOD_WEEKLY, PERIOD_DAILY or monthly, weekly, daily (any case).',
      fromDate: 'YYYY-MM-DD, moved back to the start of its period; daily data reach back 59 days (the live API refuses 60).',
      toDate: 'YYYY-MM-DD, moved forward to the end of its period; cut at the last completed period.',
      regions,
      devices,
    },
    responseExample: {
      results: [
        { date: '2025-12-29', count: 51000, share: 0.000021 },
        { date: '2026-01-05', count: 53040, share: 0.000022 },
      ],
      trend: 'up 4%',
      seasonality: null,
    },
  },
  '/v2/stats/regions': {
    response: regionsResponseSchema,
    requestExample: { phrase: 'пицца', region: 'cities' },
    fields: {
      phrase: 'Non-empty, at most 400 characters.',
      region: 'REGION_ALL (default), REGION_CITIES, REGION_REGIONS or all, cities, regions (any case).',
      devices,
    },
    responseExample: {
      regions: [
        {
          regionId: 213,
          regionName: 'Москва',
          regionNameEn: 'Moscow',
          regionType: 'city',
          parentId: 1,
          parentName: 'Москва и Московская область',
          parentNameEn: 'Moscow and Moscow Oblast',
          countryCode: 'RU',
          count: 310000,
          share: 0.21,
          affinityIndex: 131,
        },
      ],
    },
  },
  '/v1/keywords/search_volume': {
    response: envelopeSchema(searchVolumeItemSchema, 'SearchVolumeEnvelope'),
    requestExample: searchVolumeRequest,
    fields: {
      keywords: '1 to 100 keywords, each non-empty; Wordstat operators allowed: "…" phrase, !w exact, […] order, -minus words, ( | ) (see keyword_form).',
      location_code: locationCode,
      location_name: locationName,
      language_code: 'Echoed (default ru).',
      match_types: 'Any of broad, phrase, exact, order (default [broad]; broad is always measured). Each extra type is one more Wordstat call per keyword.',
      history_months: '12 (default) or 24 months of monthly history; 24 gives year-over-year change.',
    },
    responseExample: envelopeExample('/v1/keywords/search_volume', searchVolumeRequest, [
      {
        keyword: 'купить ноутбук',
        location_code: 2643,
        location_note: null,
        language_code: 'ru',
        search_volume: 40500,
        competition: 0.82,
        competition_level: 'HIGH',
        cpc: 1.5,
        monthly_searches: [
          { year: 2026, month: 10, search_volume: 42000 },
          { year: 2026, month: 9, search_volume: 39000 },
        ],
        search_volume_phrase: 9108,
        search_volume_exact: null,
        search_volume_order: null,
        match_type_monthly_searches: {
          phrase: {
            source: 'derived',
            last_30_days: 9400,
            broad_last_30_days: 41800,
            ratio: 0.22488,
            monthly_searches: [
              { year: 2026, month: 10, search_volume: 9445 },
              { year: 2026, month: 9, search_volume: 8770 },
            ],
          },
        },
        seasonality: { months: 12, yoy_change_percent: null, peak_month: 12, seasonality_index: 1.31, slope_percent_per_year: 4.2, trend_class: 'stable' },
        keyword_form: 'broad',
        keyword_measure: null,
      },
    ]),
  },
  '/v1/keywords/suggestions': {
    response: envelopeSchema(suggestionsItemSchema, 'SuggestionsEnvelope'),
    requestExample: suggestionsRequest,
    fields: { keyword: 'The seed keyword.', limit: 'Integer 1–100, default 50.', location_code: locationCode, location_name: locationName },
    responseExample: envelopeExample('/v1/keywords/suggestions', suggestionsRequest, [
      {
        seed_keyword: 'велосипед',
        location_note: null,
        items: [
          { keyword: 'велосипед купить', search_volume: 88000, competition: 0.64, cpc: 0.9 },
          { keyword: 'горный велосипед', search_volume: 61000, competition: 0.64, cpc: 0.9 },
        ],
      },
    ]),
  },
  '/v1/keywords/locations': {
    response: envelopeSchema(locationsItemSchema, 'LocationsEnvelope'),
    requestExample: locationsRequest,
    fields: { keyword: 'The keyword.', language_code: 'Accepted for compatibility, not used.' },
    responseExample: envelopeExample('/v1/keywords/locations', locationsRequest, [
      {
        keyword: 'пицца',
        items: [
          {
            location_code: 1012,
            location_name: 'Moscow',
            location_name_local: 'Москва',
            country_code: 'RU',
            search_volume: 310000,
            share: 0.21,
            affinity_index: 131,
          },
        ],
      },
    ]),
  },
  '/v1/usage': {
    response: usageResponseSchema,
    requestExample: { from: '2026-11-01', to: '2026-11-30' },
    fields: { from: 'First day, YYYY-MM-DD (default: 30 days ago).', to: 'Last day, YYYY-MM-DD (default: today).' },
    responseExample: envelopeExample('/v1/usage', { from: '2026-11-01', to: '2026-11-30' }, [
      {
        from: '2026-11-01',
        to: '2026-11-30',
        time_zone: 'Europe/Moscow',
        totals: { calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 },
        days: [
          {
            date: '2026-11-20',
            calls: 3,
            hits: 1,
            stale: 0,
            errors: 1,
            spend: 1.1,
            operations: [{ operation: 'v2.top', calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 }],
          },
        ],
        operations: [{ operation: 'v2.top', calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 }],
      },
    ]),
  },
  '/v2/stats/quota': {
    response: quotaResponseSchema,
    requestExample: {},
    fields: {},
    responseExample: {
      source: 'wordstat',
      hourly: { limit: 100, remaining: 87, resetsInSeconds: 1260 },
      perSecond: { limit: 10 },
      lanes: { liveReserve: 20, usedByTasks: 9, usedByLive: 4 },
      keywordsWaiting: 950,
    },
  },
  '/v2/stats/region_search': {
    response: regionSearchResponseSchema,
    requestExample: { query: 'моск', limit: 10 },
    fields: {
      query: 'A Russian or English name or part of one; case-insensitive, ё = е. Not empty.',
      limit: 'Integer 1–50, default 10.',
    },
    responseExample: {
      regions: [
        { regionId: 1, regionName: 'Москва и область', regionNameEn: 'Moscow and Moscow Oblast', regionType: 'region', parentId: 3, parentName: 'Центр', parentNameEn: 'Central Federal District', countryCode: 'RU' },
        { regionId: 213, regionName: 'Москва', regionNameEn: 'Moscow', regionType: 'city', parentId: 1, parentName: 'Москва и область', parentNameEn: 'Moscow and Moscow Oblast', countryCode: 'RU' },
      ],
    },
  },
};
