import { OPERATIONS } from '../../operations/registry.js';
import type { ResultTable } from '../../operations/tables.js';

/**
 * The table of each REST data route, as its operation declares it (`rest.table`): the CSV and XLSX forms read the
 * registry, they restate no column. A route whose operation declares none has no table form.
 */
const TABLES = new Map<string, ResultTable>(OPERATIONS.flatMap((op) => (op.rest?.table ? [[op.rest.path, op.rest.table] as const] : [])));

// A task's result is the live route's result: `/v1/keywords/{op}/task_get/{id}` has the table of `/v1/keywords/{op}`.
const TASK_GET = /^(\/v1\/keywords\/[a-z_]+)\/task_get\/[^/]+$/;

/** The table builder for a request path (a live route, or the task_get of one), or undefined when it has none. */
export function csvTableFor(pathname: string): ResultTable | undefined {
  return TABLES.get(pathname) ?? TABLES.get(TASK_GET.exec(pathname)?.[1] ?? '');
}
