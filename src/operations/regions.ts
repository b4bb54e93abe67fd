import { regionsTable } from './tables.js';
import { regionsRequestSchema } from '../domain/requests/native.js';
import { getRegions, regionsSourceQuery, toRegionsQuery } from '../services/regions.js';
import { DEVICES_DOC, PHRASE_DOC } from './docs.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { regionsResponseSchema } from './schemas/v2.js';
import { formatCount, formatShare, numberedLines, shownOf } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

export const regionsOperation = defineOperation({
  name: 'regions',
  title: 'Demand of a phrase by region',
  description: 'Demand distribution by region, with region names',
  fields: {
    phrase: PHRASE_DOC,
    region: 'REGION_ALL (default), REGION_CITIES, REGION_REGIONS or all, cities, regions (any case).',
    devices: DEVICES_DOC,
  },
  input: regionsRequestSchema,
  output: regionsResponseSchema,
  limits: DEFAULT_LIMITS,
  price: 'source',
  plan: (input) => [{ method: 'regions', query: regionsSourceQuery(toRegionsQuery(input)) }],
  run: async (input, ctx) => ({ regions: await getRegions(ctx, input) }),
  rest: {
    path: '/v2/stats/regions',
    table: regionsTable,
    family: 'v2',
    summary: 'Demand distribution by region, with region names',
    docs: {
      response: regionsResponseSchema,
      requestExample: { phrase: 'пицца', region: 'cities' },
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
  },
  mcp: {
    tool: 'wordstat_regions',
    title: 'Demand of a phrase by region',
    description:
      "Where a phrase is searched: each region's count, share of the phrase's total and affinity index (100 = national average, above 100 = more interest than usual), count descending. Use it to find the regions to target; `region` picks all regions, cities only or regions only, and `limit` caps the rows (default 50).",
    effects: ASKS_THE_SOURCE,
    rows: 'regions',
    summarize: (result, args) =>
      [
        `"${args.phrase}" by region (${shownOf(result.regions.length, (result as { total?: number }).total ?? result.regions.length)}):`,
        ...numberedLines(
          result.regions,
          (r) => `${r.regionNameEn} (${r.regionName}, ${r.regionType}, id ${r.regionId}) — ${formatCount(r.count)}, ${formatShare(r.share)}, affinity ${r.affinityIndex}`,
        ),
      ].join('\n'),
  },
  graphql: { field: 'regions' },
});
