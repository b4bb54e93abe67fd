import { suggestionsTable } from './tables.js';
import { suggestionsRequestSchema } from '../domain/requests/keyword-data.js';
import { keywordDataOf } from '../services/keyword-data-deps.js';
import { getSuggestions, suggestionsCalls } from '../services/suggestions.js';
import { envelopeExample, LOCATION_CODE_DOC, LOCATION_NAME_DOC } from './docs.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { presentSuggestions } from './present-v1.js';
import { envelopeSchema, suggestionsItemSchema } from './schemas/v1.js';
import { formatCount, numberedLines } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

const request = { keyword: 'велосипед', limit: 2 };

export const suggestionsOperation = defineOperation({
  name: 'suggestions',
  title: 'Related keywords for a seed',
  description: 'Related keywords with volume, CPC and one competition estimate for the topic',
  fields: { keyword: 'The seed keyword.', limit: 'Integer 1–100, default 50.', location_code: LOCATION_CODE_DOC, location_name: LOCATION_NAME_DOC },
  input: suggestionsRequestSchema,
  output: suggestionsItemSchema,
  limits: DEFAULT_LIMITS,
  price: 'source',
  // A live request plans the related-queries calls; which verification calls follow depends on their answers
  // (counted as they come), so a task plans none up front.
  plan: (input, ctx, mode) =>
    mode.mode === 'task' ? [] : suggestionsCalls(ctx, { keyword: input.keyword, locationCode: input.location_code, locationName: input.location_name }),
  run: (input, ctx) =>
    getSuggestions(ctx, { keyword: input.keyword, limit: input.limit, locationCode: input.location_code, locationName: input.location_name }, keywordDataOf(ctx).suggestions),
  present: (result) => presentSuggestions(result),
  rest: {
    path: '/v1/keywords/suggestions',
    table: suggestionsTable,
    family: 'v1',
    summary: 'Related keywords with volume, CPC and one competition estimate for the topic',
    docs: {
      response: envelopeSchema(suggestionsItemSchema, 'SuggestionsEnvelope'),
      requestExample: request,
      responseExample: envelopeExample('/v1/keywords/suggestions', request, [
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
  },
  mcp: {
    tool: 'keyword_suggestions',
    title: 'Related keywords for a seed',
    description:
      'Related keywords for one seed keyword, with search volume, CPC and one competition estimate for the topic, volume descending. Use it to expand a seed into a keyword list; then keyword_search_volume gives the monthly detail.',
    effects: ASKS_THE_SOURCE,
    summarize: (result) =>
      [
        `${result.items.length} suggestions for "${result.seed_keyword}"${result.location_note ? ` (${result.location_note})` : ''}:`,
        ...numberedLines(result.items, (item) => `${item.keyword} — ${formatCount(item.search_volume)}`),
      ].join('\n'),
  },
  task: true,
  graphql: { field: 'suggestions' },
});
