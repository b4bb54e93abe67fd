import { DomainError } from '../domain/errors.js';
import { usageRequestSchema } from '../domain/requests/account.js';
import { getOwnUsage } from '../services/account.js';
import { resolveUsageRange } from '../services/usage.js';
import { envelopeExample } from './docs.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { presentUsage } from './present-v1.js';
import { usageReportSchema, usageResponseSchema } from './schemas/account.js';

const request = { from: '2026-11-01', to: '2026-11-30' };
const totals = { calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 };

/** The caller's own calls, cache hits and spend by day and operation: a free read of the ledger. */
export const usageOperation = defineOperation({
  name: 'usage',
  title: "The caller's own usage",
  description: "The caller's own calls, cache hits and spend by day and operation",
  fields: { from: 'First day, YYYY-MM-DD (default: 30 days ago).', to: 'Last day, YYYY-MM-DD (default: today).' },
  input: usageRequestSchema,
  output: usageReportSchema,
  limits: DEFAULT_LIMITS,
  price: 'free',
  // No source call; the range is checked before anything is read (every face refuses a bad date alike).
  plan: (input, ctx) => {
    resolveUsageRange(input, ctx.today);
    return [];
  },
  run: (input, ctx) => {
    if (!ctx.principal) throw new DomainError('UNAUTHENTICATED', 'usage is read for the caller of a request');
    return getOwnUsage(ctx, ctx.principal, input);
  },
  present: (report) => presentUsage(report),
  rest: {
    path: '/v1/usage',
    method: 'GET',
    family: 'v1',
    summary: "The caller's own calls, cache hits and spend by day and operation",
    docs: {
      response: usageResponseSchema,
      requestExample: request,
      responseExample: envelopeExample('/v1/usage', request, [
        {
          from: '2026-11-01',
          to: '2026-11-30',
          time_zone: 'Europe/Moscow',
          totals,
          days: [{ date: '2026-11-20', ...totals, operations: [{ operation: 'v2.top', ...totals }] }],
          operations: [{ operation: 'v2.top', ...totals }],
        },
      ]),
    },
  },
  graphql: { field: 'usage' },
});
