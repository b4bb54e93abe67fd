import type { Reply } from '../../http/exchange.js';
import { StreamedList } from '../streamed-list.js';
import { aboutRows, titleLine } from '../../services/files/about-sheet.js';
import { labelTable } from './column-labels.js';
import { csvHead, csvRows, type TableFormat, writeCsv } from './csv-format.js';
import { csvTableFor } from './csv-tables.js';
import { type FileFactsInput, fileFactsOf } from './file-facts.js';
import { streamedSearchVolumeTable } from './streamed-table.js';
import type { TableLang } from './table-lang.js';
import { sheetShapeOf, streamXlsx, type WorkbookExtras } from '../../services/files/xlsx-format.js';
import { inTurn } from '../stream-turns.js';
import { XLSX_CONTENT_TYPE } from './csv-request.js';
import type { WorkbookFile } from '../../services/files/workbook-file.js';

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
  const lang = options?.lang;
  if (presented instanceof StreamedList && dialect !== undefined) return streamedFile(path, presented, dialect, headers, name, task?.[1] ?? name, options);
  const fields = table(presented);
  if (dialect === 'xlsx') {
    const labelled = labelTable(fields, lang ?? 'en');
    const extras = workbookExtras(fields.columns, path, presented, headers, options);
    // A table held whole is a small one: written in one piece, with its length.
    const body = await collected(streamXlsx(sheetShapeOf(labelled), oneAndDone(labelled.rows), task?.[1] ?? name, extras));
    return xlsxFileReply(body, headers, name);
  }
  return csvFileReply(writeCsv(labelTable(fields, lang), dialect), headers, name, lang);
}

/**
 * A task's result page as a file, read from the database as it is written (streamed-table.ts), in a turn of its
 * own (stream-turns.ts): nothing is read before the first chunk is asked for.
 */
function streamedFile(
  path: string,
  list: StreamedList,
  dialect: TableFormat,
  headers: Record<string, string>,
  name: string,
  sheetName: string,
  options: FileOptions | undefined,
): Reply {
  const lang = dialect === 'xlsx' ? (options?.lang ?? 'en') : options?.lang;
  async function* produce(): AsyncGenerator<Uint8Array> {
    const table = await streamedSearchVolumeTable(list, lang);
    if (dialect === 'xlsx') {
      yield* streamXlsx(table.shape, table.rows(), sheetName, workbookExtras(table.columns, path, table.sample, headers, options));
      return;
    }
    yield Buffer.from(csvHead(table.shape.columns, dialect));
    for await (const rows of table.rows()) yield Buffer.from(csvRows(rows, dialect));
  }
  const body = inTurn(produce);
  return dialect === 'xlsx' ? xlsxFileReply(body, headers, name) : csvFileReply(body, headers, name, options?.lang);
}

/**
 * An operation's answer that is a workbook (core_workbook): its bytes streamed as they are written, in a turn of
 * their own like a task's big file (stream-turns.ts), with the call's headers (X-Cost).
 */
export function workbookFileReply(file: WorkbookFile, headers: Record<string, string>): Reply {
  return xlsxFileReply(
    inTurn(() => file.chunks()),
    { 'content-language': file.summary.lang, ...headers },
    file.summary.file_name.replace(/\.xlsx$/, ''),
  );
}

function csvFileReply(body: Reply['body'], headers: Record<string, string>, name: string, lang: TableLang | undefined): Reply {
  return {
    status: 200,
    body,
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${name}.csv"`,
      ...(lang ? { 'content-language': lang } : {}),
      ...headers,
    },
  };
}

function xlsxFileReply(body: Reply['body'], headers: Record<string, string>, name: string): Reply {
  return {
    status: 200,
    body,
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${name}.xlsx"`,
      ...headers,
    },
  };
}

/**
 * A workbook is for people: headers in words (English unless Russian was asked), a title, a sheet about it.
 * `sample`: the items the facts are read from (all of them, or a streamed table's sample).
 */
function workbookExtras(fieldNames: readonly string[], path: string, sample: unknown, headers: Record<string, string>, options: FileOptions | undefined): WorkbookExtras {
  const facts = options && fileFactsOf({ ...options, lang: options.lang ?? 'en', path, presented: sample, headers }, fieldNames);
  const codeColumns = new Set(fieldNames.flatMap((column, i) => (CODE_FIELDS.has(column) ? [i] : [])));
  return { codeColumns, ...(facts ? { title: titleLine(facts), about: { name: ABOUT_SHEET, rows: aboutRows(facts) } } : {}) };
}

async function* oneAndDone<T>(value: T): AsyncGenerator<T> {
  yield value;
}

async function collected(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return new Uint8Array(Buffer.concat(all));
}
