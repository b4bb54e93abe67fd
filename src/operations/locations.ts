import { locationsTable } from './tables.js';
import { locationsRequestSchema } from '../domain/requests/keyword-data.js';
import { normalizePhrase } from '../domain/requests/fields.js';
import { getLocations, locationsCalls } from '../services/locations.js';
import { envelopeExample } from './docs.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { presentLocations } from './present-v1.js';
import { envelopeSchema, locationsItemSchema } from './schemas/v1.js';
import { formatCount, formatShare, numberedLines, shownOf } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

const request = { keyword: 'пицца' };

export const locationsOperation = defineOperation({
  name: 'locations',
  title: 'Demand of a keyword by location',
  description: 'Demand of one keyword over regions, with location codes and names',
  fields: { keyword: 'The keyword.', language_code: 'Accepted for compatibility, not used.' },
  input: locationsRequestSchema,
  output: locationsItemSchema,
  limits: DEFAULT_LIMITS,
  price: 'source',
  plan: (input) => locationsCalls(normalizePhrase(input.keyword, 'keyword')),
  run: (input, ctx) => getLocations(ctx, { keyword: input.keyword }),
  present: (result) => presentLocations(result),
  rest: {
    path: '/v1/keywords/locations',
    table: locationsTable,
    family: 'v1',
    summary: 'Demand of one keyword over regions, with location codes and names',
    docs: {
      response: envelopeSchema(locationsItemSchema, 'LocationsEnvelope'),
      requestExample: request,
      responseExample: envelopeExample('/v1/keywords/locations', request, [
        {
          keyword: 'пицца',
          items: [
            { location_code: 1012, location_name: 'Moscow', location_name_local: 'Москва', country_code: 'RU', search_volume: 310000, share: 0.21, affinity_index: 131 },
          ],
        },
      ]),
    },
  },
  mcp: {
    tool: 'keyword_locations',
    title: 'Demand of a keyword by location',
    description:
      'Demand of one keyword over locations, with the keyword-data location codes and names, volume descending. Use it when you need location codes for keyword_search_volume or keyword_suggestions; `limit` caps the rows (default 50).',
    effects: ASKS_THE_SOURCE,
    rows: 'items',
    summarize: (result) =>
      [
        `"${result.keyword}" by location (${shownOf(result.items.length, (result as { total?: number }).total ?? result.items.length)}):`,
        ...numberedLines(
          result.items,
          (i) => `${i.location_name} (${i.location_name_local}, code ${i.location_code}) — ${formatCount(i.search_volume)}, ${formatShare(i.share)}`,
        ),
      ].join('\n'),
  },
  task: true,
});
