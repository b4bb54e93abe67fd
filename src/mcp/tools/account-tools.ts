import { quotaRequestSchema } from '../../domain/requests/account.js';
import { regionSearchRequestSchema } from '../../domain/requests/region-search.js';
import { ROUTE_DOCS } from '../../rest/openapi/route-docs.js';
import { quotaResponseSchema } from '../../rest/openapi/schemas-account.js';
import { regionSearchResponseSchema } from '../../rest/openapi/schemas-region-search.js';
import { getQuota } from '../../services/account.js';
import { searchRegions } from '../../services/region-search.js';
import { numberedLines } from '../summary-text.js';
import { defineTool } from '../tool.js';
import { READS_LOCAL } from '../tool-effects.js';

// Free tools: no statistics are read, so they cost 0 and spend no upstream call.

export const quotaStatus = defineTool({
  name: 'quota_status',
  title: 'Upstream budget left',
  description:
    'The upstream Wordstat budget left this hour and per second, as the service counts it (free). Use it before a large batch of questions; answers already in the cache do not spend budget.',
  input: quotaRequestSchema,
  output: quotaResponseSchema,
  fields: ROUTE_DOCS['/v2/stats/quota']?.fields ?? {},
  free: true,
  effects: READS_LOCAL,
  run: (_args, scope) => getQuota(scope),
  summarize: (quota) =>
    quota.hourly
      ? `Source ${quota.source}: ${quota.hourly.remaining} of ${quota.hourly.limit} upstream calls left this hour (resets in ${quota.hourly.resetsInSeconds} s)` +
        (quota.perSecond ? `; at most ${quota.perSecond.limit} per second.` : '.')
      : `Source ${quota.source}: no upstream budget applies.`,
});

export const regionSearch = defineTool({
  name: 'region_search',
  title: 'Find region codes by name',
  description:
    'Finds regions of the region tree by name, in Russian or English (e.g. "Moscow", "Казань", "спб"), best match first (exact, then prefix, then substring), with the codes that the `regions` filters of wordstat_top and wordstat_dynamics take. Free; use it before filtering by region.',
  input: regionSearchRequestSchema,
  output: regionSearchResponseSchema,
  fields: ROUTE_DOCS['/v2/stats/region_search']?.fields ?? {},
  free: true,
  // The same ranked lookup as POST /v2/stats/region_search and GraphQL regionSearch.
  effects: READS_LOCAL,
  run: async (args, scope) => ({ regions: searchRegions(scope, args) }),
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
});
