import { dynamicsTable } from './tables.js';
import { dynamicsRequestSchema } from '../domain/requests/native.js';
import { getDynamics, toDynamicsQuery } from '../services/dynamics.js';
import { DEVICES_DOC, PHRASE_DOC, REGIONS_DOC } from './docs.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { dynamicsResponseSchema } from './schemas/v2.js';
import { formatCount } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

export const dynamicsOperation = defineOperation({
  name: 'dynamics',
  title: 'Demand of a phrase over time',
  description: 'Demand by month, week or day, with the computed trend',
  fields: {
    phrase: PHRASE_DOC,
    period: 'PERIOD_MONTHLY (default), PERIOD_WEEKLY, PERIOD_DAILY or monthly, weekly, daily (any case).',
    fromDate: 'YYYY-MM-DD, moved back to the start of its period; daily data reach back 59 days (the live API refuses 60).',
    toDate: 'YYYY-MM-DD, moved forward to the end of its period; cut at the last completed period.',
    regions: REGIONS_DOC,
    devices: DEVICES_DOC,
  },
  input: dynamicsRequestSchema,
  output: dynamicsResponseSchema,
  limits: DEFAULT_LIMITS,
  price: 'source',
  plan: (input, ctx) => [{ method: 'dynamics', query: toDynamicsQuery(ctx, input) }],
  run: (input, ctx) => getDynamics(ctx, input),
  rest: {
    path: '/v2/stats/dynamics',
    table: dynamicsTable,
    family: 'v2',
    summary: 'Demand by month, week or day, with the computed trend',
    docs: {
      response: dynamicsResponseSchema,
      requestExample: { phrase: 'велосипед', period: 'weekly', fromDate: '2026-01-01' },
      responseExample: {
        results: [
          { date: '2025-12-29', count: 51000, share: 0.000021 },
          { date: '2026-01-05', count: 53040, share: 0.000022 },
        ],
        trend: 'up 4%',
        seasonality: null,
      },
    },
  },
  mcp: {
    tool: 'wordstat_dynamics',
    title: 'Demand of a phrase over time',
    description:
      'How search demand for a phrase changed by month (default), week or day, with the computed trend (first period against the last). Use it to spot seasonality, growth or decline; daily data reach back 59 days (the live API refuses 60).',
    effects: ASKS_THE_SOURCE,
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
  },
  graphql: { field: 'dynamics' },
});
