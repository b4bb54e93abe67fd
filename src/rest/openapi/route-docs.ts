import { envelopeExample } from '../../operations/docs.js';
import { defaultRegistry, type OperationRegistry } from '../../operations/registry.js';
import { usageResponseSchema } from '../../operations/schemas/account.js';
import { TASK_ROUTE_DOCS } from './task-docs.js';

export type { RouteDoc } from './route-doc.js';
import type { RouteDoc } from './route-doc.js';

/** The docs each operation declares for its REST route (its field prose and examples), by path. */
function operationDocs(registry: OperationRegistry): Record<string, RouteDoc> {
  return Object.fromEntries(
    registry.operations.flatMap((op) => (op.rest?.docs ? [[op.rest.path, { ...op.rest.docs, fields: op.fields }]] : [])),
  );
}

/** Documentation of every REST route by path; a test fails when a route of the app has none. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  ...TASK_ROUTE_DOCS,
  ...operationDocs(defaultRegistry),
  '/v1/usage': {
    response: usageResponseSchema,
    requestExample: { from: '2026-11-01', to: '2026-11-30' },
    fields: { from: 'First day, YYYY-MM-DD (default: 30 days ago).', to: 'Last day, YYYY-MM-DD (default: today).' },
    responseExample: envelopeExample('/v1/usage', { from: '2026-11-01', to: '2026-11-30' }, [
      {
        from: '2026-11-01',
        to: '2026-11-30',
        time_zone: 'Europe/Moscow',
        totals: { calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 },
        days: [
          {
            date: '2026-11-20',
            calls: 3,
            hits: 1,
            stale: 0,
            errors: 1,
            spend: 1.1,
            operations: [{ operation: 'v2.top', calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 }],
          },
        ],
        operations: [{ operation: 'v2.top', calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 }],
      },
    ]),
  },
};
