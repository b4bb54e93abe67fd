import { OPERATIONS } from '../../operations/registry.js';
import { taskBasePath } from '../../operations/task-specs.js';
import { listOf, type ResultTable } from '../../operations/tables.js';

/**
 * The table of each REST data route, as its operation declares it (`rest.table`): the CSV and XLSX forms read the
 * registry, they restate no column. A route whose operation declares none has no table form.
 */
const TABLES = new Map<string, ResultTable>(OPERATIONS.flatMap((op) => (op.rest?.table ? [[op.rest.path, op.rest.table] as const] : [])));

// A task's result is the live route's result: `{task base}/task_get/{id}` has the operation's table. A /v1 task's
// result items are the live route's; a /v2 operation's task holds its live answer as its one item. Kept apart from
// the live tables: a /v2 task family lives under the live path itself (`/v2/core/expand/task_get/{id}`).
const TASK_TABLES = new Map<string, ResultTable>();
for (const op of OPERATIONS) {
  const table = op.rest?.table;
  if (!table || op.task !== true) continue;
  const first = (items: unknown) => listOf(items)[0];
  TASK_TABLES.set(taskBasePath(op), op.rest!.family === 'v1' ? table : (items) => (first(items) === undefined ? { columns: [], rows: [] } : table(first(items))));
}
const TASK_GET = /^(\/[a-z0-9_/]+)\/task_get\/[^/]+$/;

/** The table builder for a request path (a live route, or the task_get of one), or undefined when it has none. */
export function csvTableFor(pathname: string): ResultTable | undefined {
  const task = TASK_GET.exec(pathname)?.[1];
  return task === undefined ? TABLES.get(pathname) : TASK_TABLES.get(task);
}
