import { z } from 'zod';
import { dynamicsRequestSchema, regionsRequestSchema, topRequestSchema } from '../../domain/requests/native.js';
import { ROUTE_DOCS } from '../../rest/openapi/route-docs.js';
import { dynamicsResponseSchema, regionsResponseSchema, topResponseSchema } from '../../rest/openapi/schemas-v2.js';
import { getDynamics, toDynamicsQuery } from '../../services/dynamics.js';
import { getRegions, regionsSourceQuery, toRegionsQuery } from '../../services/regions.js';
import { getTop, toTopQuery } from '../../services/top.js';
import { rowLimitDoc, rowLimitField } from '../row-limit.js';
import { formatCount, formatShare, numberedLines, shownOf } from '../summary-text.js';
import { defineTool } from '../tool.js';
import { ASKS_THE_SOURCE } from '../tool-effects.js';

// The native family (/v2/stats) as tools: the same request schemas, services and response shapes.

export const wordstatTop = defineTool({
  name: 'wordstat_top',
  title: 'Popular queries containing a phrase',
  description:
    'Yandex search demand for a phrase over the last 30 days: its total count, the most frequent queries that contain it, and similar queries people also search. Use it first when researching a topic or looking for keyword ideas; filter by region codes (see region_search) and devices when needed.',
  input: topRequestSchema,
  output: topResponseSchema,
  fields: ROUTE_DOCS['/v2/stats/top']!.fields,
  effects: ASKS_THE_SOURCE,
  run: (args, scope) => getTop(scope, args),
  plan: (args, scope) => [{ method: 'top', query: toTopQuery(scope, args) }],
  summarize: (result, args) =>
    [
      `"${args.phrase}": ${formatCount(result.totalCount)} searches in the last 30 days.`,
      'Top queries containing it:',
      ...numberedLines(result.results, (row) => `${row.phrase} — ${formatCount(row.count)}`),
      ...(result.associations.length > 0
        ? ['Similar queries:', ...numberedLines(result.associations, (row) => `${row.phrase} — ${formatCount(row.count)}`, 5)]
        : []),
    ].join('\n'),
});

export const wordstatDynamics = defineTool({
  name: 'wordstat_dynamics',
  title: 'Demand of a phrase over time',
  description:
    'How search demand for a phrase changed by month (default), week or day, with the computed trend (first period against the last). Use it to spot seasonality, growth or decline; daily data reach back 59 days (the live API refuses 60).',
  input: dynamicsRequestSchema,
  output: dynamicsResponseSchema,
  fields: ROUTE_DOCS['/v2/stats/dynamics']!.fields,
  effects: ASKS_THE_SOURCE,
  run: (args, scope) => getDynamics(scope, args),
  plan: (args, scope) => [{ method: 'dynamics', query: toDynamicsQuery(scope, args) }],
  summarize: (result, args) => {
    const points = result.results;
    const first = points[0];
    const last = points.at(-1);
    if (!first || !last) return `"${args.phrase}": no periods in the window.`;
    const peak = points.reduce((best, p) => (p.count > best.count ? p : best), first);
    const total = points.reduce((sum, p) => sum + p.count, 0);
    return [
      // The spec's trend is the last period against the first, named so; the class and slope name their window.
      `"${args.phrase}": last period against the first: ${result.trend} over ${points.length} periods (${first.date} … ${last.date}).`,
      ...(result.seasonality
        ? [
            `Over the ${result.seasonality.months} months: ${result.seasonality.trendClass}, fitted slope ${result.seasonality.slopePercentPerYear}% a year` +
              (result.seasonality.yoyChangePercent === null ? '.' : `, year over year ${result.seasonality.yoyChangePercent}% (newest 12 months against the 12 before).`),
          ]
        : []),
      `First ${first.date}: ${formatCount(first.count)}; last ${last.date}: ${formatCount(last.count)}; peak ${peak.date}: ${formatCount(peak.count)}.`,
      `Total over the window: ${formatCount(total)}.`,
    ].join('\n');
  },
});

const regionsToolInput = regionsRequestSchema.extend({ limit: rowLimitField() });
const regionsToolOutput = regionsResponseSchema.extend({
  total: z.number().int().nonnegative().meta({ description: 'Rows before the limit cut them.' }),
});

export const wordstatRegions = defineTool({
  name: 'wordstat_regions',
  title: 'Demand of a phrase by region',
  description:
    "Where a phrase is searched: each region's count, share of the phrase's total and affinity index (100 = national average, above 100 = more interest than usual), count descending. Use it to find the regions to target; `region` picks all regions, cities only or regions only, and `limit` caps the rows (default 50).",
  input: regionsToolInput,
  output: regionsToolOutput,
  fields: { ...ROUTE_DOCS['/v2/stats/regions']!.fields, limit: rowLimitDoc() },
  effects: ASKS_THE_SOURCE,
  run: async ({ limit, ...request }, scope) => {
    const regions = await getRegions(scope, request);
    return { regions: regions.slice(0, limit), total: regions.length };
  },
  plan: ({ limit: _limit, ...request }) => [{ method: 'regions', query: regionsSourceQuery(toRegionsQuery(request)) }],
  summarize: (result, args) =>
    [
      `"${args.phrase}" by region (${shownOf(result.regions.length, result.total)}):`,
      ...numberedLines(
        result.regions,
        (r) => `${r.regionNameEn} (${r.regionName}, ${r.regionType}, id ${r.regionId}) — ${formatCount(r.count)}, ${formatShare(r.share)}, affinity ${r.affinityIndex}`,
      ),
    ].join('\n'),
});
