import { searchVolumeTable } from './tables.js';
import type { SearchVolumeItemJson } from './present-v1.js';
import { z } from 'zod';
import { MAX_KEYWORDS, MAX_TASK_KEYWORDS, normalizeKeywords, searchVolumeRequestSchema, searchVolumeTaskRequestSchema } from '../domain/requests/keyword-data.js';
import { keywordDataOf } from '../services/keyword-data-deps.js';
import { bodyVolumeOptions, getSearchVolume, searchVolumeCalls, volumeOptionsOf } from '../services/search-volume.js';
import { envelopeExample, LOCATION_CODE_DOC, LOCATION_NAME_DOC } from './docs.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { presentSearchVolumeItem } from './present-v1.js';
import { envelopeSchema, searchVolumeItemSchema } from './schemas/v1.js';
import { formatCount, numberedLines } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

const request = { keywords: ['купить ноутбук'], location_code: 2643, language_code: 'ru', match_types: ['broad', 'phrase'] };

export const searchVolumeOperation = defineOperation({
  name: 'search_volume',
  title: 'Monthly search volume of keywords',
  description: 'Average monthly volume and the last 12 months for 1 to 100 keywords',
  fields: {
    keywords: '1 to 100 keywords, each non-empty; Wordstat operators allowed: "…" phrase, !w exact, […] order, -minus words, ( | ) (see keyword_form).',
    location_code: LOCATION_CODE_DOC,
    location_name: LOCATION_NAME_DOC,
    language_code: 'Echoed (default ru).',
    match_types: 'Any of broad, phrase, exact, order (default [broad]; broad is always measured). Each extra type is one more Wordstat call per keyword.',
    history_months: '12 (default) or 24 months of monthly history; 24 gives year-over-year change.',
  },
  input: searchVolumeRequestSchema,
  taskInput: searchVolumeTaskRequestSchema,
  output: z.array(searchVolumeItemSchema).meta({ description: 'One item per keyword, in the order sent.' }),
  limits: { ...DEFAULT_LIMITS, items: { live: MAX_KEYWORDS, task: MAX_TASK_KEYWORDS } },
  price: 'source',
  plan: (input, ctx, mode) =>
    searchVolumeCalls(
      ctx,
      normalizeKeywords(input.keywords, 'keywords', mode.maxItems),
      { locationCode: input.location_code, locationName: input.location_name },
      volumeOptionsOf(bodyVolumeOptions(input)),
    ),
  run: (input, ctx, mode) =>
    getSearchVolume(
      ctx,
      {
        keywords: input.keywords,
        locationCode: input.location_code,
        locationName: input.location_name,
        languageCode: input.language_code,
        maxKeywords: mode.maxItems,
        ...bodyVolumeOptions(input),
      },
      { competition: keywordDataOf(ctx).competition },
    ),
  present: (volumes) => volumes.map(presentSearchVolumeItem),
  rest: {
    path: '/v1/keywords/search_volume',
    table: (items) => searchVolumeTable(items as SearchVolumeItemJson[]),
    family: 'v1',
    summary: 'Average monthly volume and the last 12 months for 1 to 100 keywords',
    docs: {
      response: envelopeSchema(searchVolumeItemSchema, 'SearchVolumeEnvelope'),
      requestExample: request,
      responseExample: envelopeExample('/v1/keywords/search_volume', request, [
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
  },
  mcp: {
    tool: 'keyword_search_volume',
    title: 'Monthly search volume of keywords',
    description:
      'Average monthly search volume, the last 12 months, competition, CPC and seasonality (peak month, trend class) for 1 to 100 keywords at once (up to 10,000 as a background task: task_create). Use it to compare candidate keywords or to size a list; location_code 2643 is Russia (default), 1012 Moscow, and every code keyword_locations lists works; or name the place in location_name ("Москва", "Saint Petersburg"). match_types ["phrase","exact","order"] adds the quoted, exact-form and fixed-order frequencies (one extra Wordstat call per keyword each); history_months 24 adds year-over-year change.',
    effects: ASKS_THE_SOURCE,
    // The first task tool, published before there were others: it keeps its name.
    task: {
      tool: 'task_create',
      title: 'Search volume of a long keyword list, as a task',
      description: `Starts a background task for the search volume of 1 to ${MAX_TASK_KEYWORDS.toLocaleString('en')} keywords: more than the hourly upstream quota answers live (keyword_search_volume takes ${MAX_KEYWORDS}). Spends upstream quota and is billed when it ends; each call creates a new task. Keywords already cached are done at once; the rest are fetched as the budget refills. Returns the task id, its status and an ETA; poll task_status, then read task_result.`,
    },
    summarize: (result) =>
      [
        `Search volume of ${result.length} keyword${result.length === 1 ? '' : 's'} (monthly average of the last 12 months):`,
        ...numberedLines(
          result,
          (item) =>
            item.error
              ? `${item.keyword} — not measured: ${item.error.status_message}`
              : `${item.keyword}${formNote(item)} — ${formatCount(item.search_volume ?? 0)}/month` +
                (item.search_volume_phrase === null ? '' : `, phrase ${formatCount(item.search_volume_phrase)}`) +
                (item.search_volume_exact === null ? '' : `, exact ${formatCount(item.search_volume_exact)}`) +
                (item.search_volume_order === null ? '' : `, order ${formatCount(item.search_volume_order)}`) +
                (item.competition_level ? `, competition ${item.competition_level}` : '') +
                `, CPC ${item.cpc}` +
                (item.seasonality ? `, ${item.seasonality.trend_class}` : '') +
                (item.seasonality?.peak_month ? `, peak month ${item.seasonality.peak_month}` : '') +
                (item.seasonality?.yoy_change_percent == null ? '' : `, ${item.seasonality.yoy_change_percent}% year over year`) +
                (item.location_note ? ` (${item.location_note})` : ''),
          20,
        ),
      ].join('\n'),
  },
  task: true,
  graphql: { field: 'keywords' },
});

/** What an agent must know of a keyword written with operators: its form, and that its months are derived. */
function formNote(item: { keyword_form: string; keyword_measure: { monthly_source: string } | null }): string {
  if (item.keyword_form === 'broad' || !item.keyword_measure) return '';
  return item.keyword_measure.monthly_source === 'derived' ? ` (${item.keyword_form} form, months derived)` : ` (${item.keyword_form} form, last 30 days only)`;
}
