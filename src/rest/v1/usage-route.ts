import { usageRequestSchema } from '../../domain/requests/account.js';
import { getOwnUsage } from '../../services/account.js';
import type { OperationUsage, UsageReport, UsageTotals } from '../../services/usage.js';
import { defineRoute, type RestRoute } from '../routes.js';

const totals = (t: UsageTotals) => ({ calls: t.calls, hits: t.hits, stale: t.stale, errors: t.errors, spend: t.spend });
const operations = (list: OperationUsage[]) => list.map((o) => ({ operation: o.operation, ...totals(o) }));

/** The usage report in the family's snake_case, as the task's one result item. */
export function presentUsage(report: UsageReport) {
  return {
    from: report.from,
    to: report.to,
    time_zone: report.timeZone,
    totals: totals(report.totals),
    days: report.days.map((d) => ({ date: d.date, ...totals(d), operations: operations(d.operations) })),
    operations: operations(report.operations),
  };
}

/** GET /v1/usage?from=&to= — the caller's own calls, hits and spend by day and operation (free). */
export const usageRoute: RestRoute = defineRoute({
  path: '/v1/usage',
  method: 'GET',
  free: true,
  family: 'v1',
  operation: 'v1.usage',
  summary: "The caller's own calls, cache hits and spend by day and operation",
  schema: usageRequestSchema,
  handle: async (query, scope) => [presentUsage(await getOwnUsage(scope, scope.principal, query))],
});
