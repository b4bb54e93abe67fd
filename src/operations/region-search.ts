import { regionSearchTable } from './tables.js';
import { regionSearchRequestSchema } from '../domain/requests/region-search.js';
import { searchRegions } from '../services/region-search.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { regionSearchResponseSchema } from './schemas/region-search.js';
import { numberedLines } from './summary-text.js';
import { READS_LOCAL } from './tool-effects.js';

/** Regions by name for pickers: the shipped tree only, so free (cost 0, recorded) and no upstream call. */
export const regionSearchOperation = defineOperation({
  name: 'region_search',
  title: 'Find region codes by name',
  description: 'Regions by Russian or English name (exact, then prefix, then substring); free, no upstream call',
  fields: {
    query: 'A Russian or English name or part of one; case-insensitive, ё = е. Not empty.',
    limit: 'Integer 1–50, default 10.',
  },
  input: regionSearchRequestSchema,
  output: regionSearchResponseSchema,
  limits: DEFAULT_LIMITS,
  price: 'free',
  run: async (input, ctx) => ({ regions: searchRegions(ctx, input) }),
  rest: {
    path: '/v2/stats/region_search',
    table: regionSearchTable,
    family: 'v2',
    summary: 'Regions by Russian or English name (exact, then prefix, then substring); free, no upstream call',
    docs: {
      response: regionSearchResponseSchema,
      requestExample: { query: 'моск', limit: 10 },
      responseExample: {
        regions: [
          { regionId: 1, regionName: 'Москва и область', regionNameEn: 'Moscow and Moscow Oblast', regionType: 'region', parentId: 3, parentName: 'Центр', parentNameEn: 'Central Federal District', countryCode: 'RU' },
          { regionId: 213, regionName: 'Москва', regionNameEn: 'Moscow', regionType: 'city', parentId: 1, parentName: 'Москва и область', parentNameEn: 'Moscow and Moscow Oblast', countryCode: 'RU' },
        ],
      },
    },
  },
  mcp: {
    tool: 'region_search',
    title: 'Find region codes by name',
    description:
      'Finds regions of the region tree by name, in Russian or English (e.g. "Moscow", "Казань", "спб"), best match first (exact, then prefix, then substring), with the codes that the `regions` filters of wordstat_top and wordstat_dynamics take. Free; use it before filtering by region.',
    effects: READS_LOCAL,
    summarize: (result, args) =>
      result.regions.length === 0
        ? `No region matches "${args.query}".`
        : [
            `Regions matching "${args.query}" (best first):`,
            ...numberedLines(
              result.regions,
              (r) => `${r.regionId} ${r.regionNameEn} (${r.regionName}, ${r.regionType}${r.parentName ? `, in ${r.parentName}` : ''})`,
            ),
          ].join('\n'),
  },
});
