import type { Reply } from '../../http/exchange.js';
import { aboutRows, titleLine } from './about-sheet.js';
import { labelTable } from './column-labels.js';
import { type TableFormat, writeCsv } from './csv-format.js';
import { csvTableFor } from './csv-tables.js';
import { type FileFactsInput, fileFactsOf } from './file-facts.js';
import type { TableLang } from './table-lang.js';
import { writeXlsx } from './xlsx-format.js';

/** The sheet about the data, named in both languages so either reader finds it. */
const ABOUT_SHEET = 'О данных - About';
/** Numbers that are codes, not quantities: never written as 1 012. */
const CODE_FIELDS = new Set(['location_code', 'regionId', 'parentId', 'peak_month']);

/** What a file is written with beyond the table: its headers' language and the facts for the about sheet. */
export interface FileOptions extends Omit<FileFactsInput, 'path' | 'presented' | 'headers' | 'lang'> {
  /** Headers in this language; undefined: the JSON field names (a CSV's default). */
  lang: TableLang | undefined;
}

/**
 * The route's answer as a CSV file (or an XLSX workbook) with the call's headers (X-Cache, X-Cost), or undefined
 * when the route has no table. Named after the route, so a browser saves it as e.g. `dynamics.csv`.
 */
export async function csvReply(
  path: string,
  presented: unknown,
  dialect: TableFormat,
  headers: Record<string, string>,
  options?: FileOptions,
): Promise<Reply | undefined> {
  const table = csvTableFor(path);
  if (!table) return undefined;
  // `/v2/stats/top` → top.csv; `/v1/keywords/search_volume/task_get/{id}` → search_volume-{id}.csv.
  const task = /\/([a-z_]+)\/task_get\/([^/]+)$/.exec(path);
  const name = (task ? `${task[1]}-${task[2]}` : (path.split('/').at(-1) ?? 'table')).replace(/[^\w.-]/g, '');
  const fields = table(presented);
  const lang = options?.lang;
  if (dialect === 'xlsx') {
    // A workbook is for people: headers in words (English unless Russian was asked), a title, a sheet about it.
    const facts = options && fileFactsOf({ ...options, lang: lang ?? 'en', path, presented, headers }, fields.columns);
    const codeColumns = new Set(fields.columns.flatMap((column, i) => (CODE_FIELDS.has(column) ? [i] : [])));
    const extras = { codeColumns, ...(facts ? { title: titleLine(facts), about: { name: ABOUT_SHEET, rows: aboutRows(facts) } } : {}) };
    return {
      status: 200,
      body: await writeXlsx(labelTable(fields, lang ?? 'en'), task?.[1] ?? name, extras),
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${name}.xlsx"`,
        ...headers,
      },
    };
  }
  return {
    status: 200,
    body: writeCsv(labelTable(fields, lang), dialect),
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${name}.csv"`,
      ...(lang ? { 'content-language': lang } : {}),
      ...headers,
    },
  };
}
