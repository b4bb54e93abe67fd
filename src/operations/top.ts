import { topTable } from './tables.js';
import { topRequestSchema } from '../domain/requests/native.js';
import { getTop, toTopQuery } from '../services/top.js';
import { DEVICES_DOC, PHRASE_DOC, REGIONS_DOC } from './docs.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { topResponseSchema } from './schemas/v2.js';
import { formatCount, numberedLines } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

export const topOperation = defineOperation({
  name: 'top',
  title: 'Popular queries containing a phrase',
  description: 'Popular queries containing a phrase, similar queries and the total count',
  fields: { phrase: PHRASE_DOC, numPhrases: 'Integer 1–2000; 0 or absent means 50.', regions: REGIONS_DOC, devices: DEVICES_DOC },
  input: topRequestSchema,
  output: topResponseSchema,
  limits: DEFAULT_LIMITS,
  price: 'source',
  plan: (input, ctx) => [{ method: 'top', query: toTopQuery(ctx, input) }],
  run: (input, ctx) => getTop(ctx, input),
  rest: {
    path: '/v2/stats/top',
    table: topTable,
    family: 'v2',
    summary: 'Popular queries containing a phrase, similar queries and the total count',
    docs: {
      response: topResponseSchema,
      requestExample: { phrase: 'ноутбук', numPhrases: 10, regions: [213], devices: ['desktop', 'tablet'] },
      responseExample: {
        totalCount: 120000,
        results: [
          { phrase: 'ноутбук', count: 120000 },
          { phrase: 'купить ноутбук', count: 41000 },
        ],
        associations: [{ phrase: 'ультрабук', count: 9000 }],
      },
    },
  },
  mcp: {
    tool: 'wordstat_top',
    title: 'Popular queries containing a phrase',
    description:
      'Yandex search demand for a phrase over the last 30 days: its total count, the most frequent queries that contain it, and similar queries people also search. Use it first when researching a topic or looking for keyword ideas; filter by region codes (see region_search) and devices when needed.',
    effects: ASKS_THE_SOURCE,
    summarize: (result, args) =>
      [
        `"${args.phrase}": ${formatCount(result.totalCount)} searches in the last 30 days.`,
        'Top queries containing it:',
        ...numberedLines(result.results, (row) => `${row.phrase} — ${formatCount(row.count)}`),
        ...(result.associations.length > 0
          ? ['Similar queries:', ...numberedLines(result.associations, (row) => `${row.phrase} — ${formatCount(row.count)}`, 5)]
          : []),
      ].join('\n'),
  },
  graphql: { field: 'top' },
});
