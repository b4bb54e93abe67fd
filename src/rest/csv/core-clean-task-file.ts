import type { CleanResult } from '../../domain/core/clean.js';
import { invalidField } from '../../domain/errors.js';
import { coreCleanTaskWorkbook } from '../../operations/core-workbook.js';
import type { ServiceRuntime } from '../../services/runtime.js';
import type { TableFormat } from './csv-format.js';
import type { TableLang } from './table-lang.js';

/** A core_clean task's result: its file is the semantic-core workbook (issue 27, section 3), not a table. */
const CORE_CLEAN_TASK_GET = /^\/v1\/keywords\/core_clean\/task_get\/[^/]+$/;

export const isCoreCleanTaskGet = (path: string): boolean => CORE_CLEAN_TASK_GET.test(path);

/** A core_clean task has a workbook and no CSV: `?format=csv` is refused naming `format`, before any read. */
export function checkCoreCleanTaskFormat(format: TableFormat | undefined): void {
  if (format !== undefined && format !== 'xlsx') throw invalidField('format', 'a core_clean task has no CSV form; ?format=xlsx gives its semantic-core workbook');
}

/**
 * The workbook of a finished core_clean task's envelope (undefined while it is not done): the stored clean with
 * the region and volumes it was posted with.
 */
export function coreCleanTaskFile(envelope: unknown, lang: TableLang, runtime: ServiceRuntime) {
  const task = (envelope as { tasks?: { status_code?: number; data?: unknown; result?: unknown }[] } | undefined)?.tasks?.[0];
  const clean = Array.isArray(task?.result) ? (task.result[0] as CleanResult | undefined) : undefined;
  if (task?.status_code !== 20000 || !clean) return undefined;
  return coreCleanTaskWorkbook(task.data, clean, lang, { catalog: runtime.catalog, sourceKind: runtime.sourceKind, clock: runtime.clock, timeZone: runtime.timeZone });
}
