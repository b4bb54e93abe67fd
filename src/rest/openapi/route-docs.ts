import { defaultRegistry, type OperationRegistry } from '../../operations/registry.js';
import { TASK_ROUTE_DOCS } from './task-docs.js';

export type { RouteDoc } from './route-doc.js';
import type { RouteDoc } from './route-doc.js';

/** The docs each operation declares for its REST route (its field prose and examples), by path. */
function operationDocs(registry: OperationRegistry): Record<string, RouteDoc> {
  return Object.fromEntries(
    registry.operations.flatMap((op) => (op.rest?.docs ? [[op.rest.path, { ...op.rest.docs, fields: op.fields }]] : [])),
  );
}

/** Documentation of every REST route by path (the operations' own, and the task routes'); a test fails when a route of the app has none. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  ...TASK_ROUTE_DOCS,
  ...operationDocs(defaultRegistry),
};
