import { z } from 'zod';
import { locationsRequestSchema, searchVolumeRequestSchema, suggestionsRequestSchema } from '../../domain/requests/keyword-data.js';
import { ROUTE_DOCS } from '../../rest/openapi/route-docs.js';
import { locationsItemSchema, searchVolumeItemSchema, suggestionsItemSchema } from '../../rest/openapi/schemas-v1.js';
import { presentLocations, presentSearchVolumeItem, presentSuggestions } from '../../rest/v1/presenters.js';
import { keywordDataOf } from '../../services/keyword-data-deps.js';
import { getLocations, locationsCalls } from '../../services/locations.js';
import { bodyVolumeOptions, getSearchVolume, searchVolumeCalls, volumeOptionsOf } from '../../services/search-volume.js';
import { getSuggestions, suggestionsCalls } from '../../services/suggestions.js';
import { normalizeKeywords } from '../../domain/requests/keyword-data.js';
import { normalizePhrase } from '../../domain/requests/fields.js';
import { rowLimitDoc, rowLimitField } from '../row-limit.js';
import { formatCount, formatShare, numberedLines, shownOf } from '../summary-text.js';
import { defineTool } from '../tool.js';
import { ASKS_THE_SOURCE } from '../tool-effects.js';

// The keyword-data family (/v1/keywords) as tools: the same request schemas and services, and the result
// items of its envelope (the envelope itself, task ids and timings, is transport noise for an agent).

export const keywordSearchVolume = defineTool({
  name: 'keyword_search_volume',
  title: 'Monthly search volume of keywords',
  description:
    'Average monthly search volume, the last 12 months, competition, CPC and seasonality (peak month, trend class) for 1 to 100 keywords at once (up to 10,000 as a background task: task_create). Use it to compare candidate keywords or to size a list; location_code 2643 is Russia (default), 1012 Moscow, and every code keyword_locations lists works; or name the place in location_name ("Москва", "Saint Petersburg"). match_types ["phrase","exact","order"] adds the quoted, exact-form and fixed-order frequencies (one extra Wordstat call per keyword each); history_months 24 adds year-over-year change.',
  input: searchVolumeRequestSchema,
  output: z.object({ result: z.array(searchVolumeItemSchema).meta({ description: 'One item per keyword, in the order sent.' }) }),
  fields: ROUTE_DOCS['/v1/keywords/search_volume']!.fields,
  effects: ASKS_THE_SOURCE,
  run: async (args, scope) => {
    const volumes = await getSearchVolume(
      scope,
      { keywords: args.keywords, locationCode: args.location_code, locationName: args.location_name, languageCode: args.language_code, ...bodyVolumeOptions(args) },
      { competition: keywordDataOf(scope).competition },
    );
    return { result: volumes.map(presentSearchVolumeItem) };
  },
  plan: (args, scope) =>
    searchVolumeCalls(
      scope,
      normalizeKeywords(args.keywords),
      { locationCode: args.location_code, locationName: args.location_name },
      volumeOptionsOf(bodyVolumeOptions(args)),
    ),
  summarize: ({ result }) =>
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
});

/** What an agent must know of a keyword written with operators: its form, and that its months are derived. */
function formNote(item: { keyword_form: string; keyword_measure: { monthly_source: string } | null }): string {
  if (item.keyword_form === 'broad' || !item.keyword_measure) return '';
  return item.keyword_measure.monthly_source === 'derived' ? ` (${item.keyword_form} form, months derived)` : ` (${item.keyword_form} form, last 30 days only)`;
}

export const keywordSuggestions = defineTool({
  name: 'keyword_suggestions',
  title: 'Related keywords for a seed',
  description:
    'Related keywords for one seed keyword, with search volume, CPC and one competition estimate for the topic, volume descending. Use it to expand a seed into a keyword list; then keyword_search_volume gives the monthly detail.',
  input: suggestionsRequestSchema,
  output: suggestionsItemSchema,
  fields: ROUTE_DOCS['/v1/keywords/suggestions']!.fields,
  effects: ASKS_THE_SOURCE,
  run: async (args, scope) =>
    presentSuggestions(
      await getSuggestions(
        scope,
        { keyword: args.keyword, limit: args.limit, locationCode: args.location_code, locationName: args.location_name },
        keywordDataOf(scope).suggestions,
      ),
    ),
  plan: (args, scope) => suggestionsCalls(scope, { keyword: args.keyword, locationCode: args.location_code, locationName: args.location_name }),
  summarize: (result) =>
    [
      `${result.items.length} suggestions for "${result.seed_keyword}"${result.location_note ? ` (${result.location_note})` : ''}:`,
      ...numberedLines(result.items, (item) => `${item.keyword} — ${formatCount(item.search_volume)}`),
    ].join('\n'),
});

const locationsToolInput = locationsRequestSchema.extend({ limit: rowLimitField() });
const locationsToolOutput = locationsItemSchema.extend({
  total: z.number().int().nonnegative().meta({ description: 'Locations before the limit cut them.' }),
});

export const keywordLocations = defineTool({
  name: 'keyword_locations',
  title: 'Demand of a keyword by location',
  description:
    'Demand of one keyword over locations, with the keyword-data location codes and names, volume descending. Use it when you need location codes for keyword_search_volume or keyword_suggestions; `limit` caps the rows (default 50).',
  input: locationsToolInput,
  output: locationsToolOutput,
  fields: { ...ROUTE_DOCS['/v1/keywords/locations']!.fields, limit: rowLimitDoc() },
  effects: ASKS_THE_SOURCE,
  run: async ({ limit, ...request }, scope) => {
    const presented = presentLocations(await getLocations(scope, { keyword: request.keyword }));
    return { ...presented, items: presented.items.slice(0, limit), total: presented.items.length };
  },
  plan: ({ keyword }) => locationsCalls(normalizePhrase(keyword, 'keyword')),
  summarize: (result) =>
    [
      `"${result.keyword}" by location (${shownOf(result.items.length, result.total)}):`,
      ...numberedLines(
        result.items,
        (i) => `${i.location_name} (${i.location_name_local}, code ${i.location_code}) — ${formatCount(i.search_volume)}, ${formatShare(i.share)}`,
      ),
    ].join('\n'),
});
