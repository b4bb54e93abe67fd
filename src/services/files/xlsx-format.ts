import { PassThrough } from 'node:stream';
import { createSlicer } from '../loop-slicer.js';
import type { CsvCell, CsvTable } from './table.js';

/** ExcelJS, loaded on the first workbook: it costs ~28 MiB of memory and start-up time that few processes need. */
let excel: Promise<typeof import('exceljs')> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((module) => module.default));

/** What a workbook holds besides its table: a title row above the header and a second sheet about the data. */
export interface WorkbookExtras {
  /** One line above the header (what, where, when, which source), bold. */
  title?: string;
  /** The second sheet's name and rows (a label in A, values after it). */
  about?: { name: string; rows: readonly (readonly (string | number)[])[] };
  /** Columns of codes (region ids, location codes, a month number): shown as written, no thousands separator. */
  codeColumns?: ReadonlySet<number>;
}

/** Widest a column gets (characters); longer text wraps in the cell's own view, not into the next column. */
const MAX_WIDTH = 60;
/** A header wraps onto two or three lines rather than widening a column of short numbers past this. */
const HEADER_WRAP = 18;

/** How many characters a cell shows: numbers with their thousands separators. */
function shownLength(cell: CsvCell): number {
  if (cell === null || cell === undefined) return 0;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell.toLocaleString('ru-RU').length : 0;
  return String(cell).length;
}

/** A column's width from its header and its widest cell (characters). */
function widthOf(header: string, widest: number): number {
  const longestWord = Math.max(...header.split(/\s+/).map((word) => word.length));
  const headerNeed = Math.max(longestWord, Math.min(header.length, HEADER_WRAP));
  return Math.min(MAX_WIDTH, Math.max(6, widest, headerNeed) + 2);
}

/** What a sheet must know before its first row: its headers, each column's width and number format, its rows. */
export interface SheetShape {
  columns: string[];
  widths: number[];
  /** Columns of numbers that are all whole (shown with a thousands separator). */
  wholeNumbers: boolean[];
  rowCount: number;
}

/** What one column's cells need of the sheet: the widest, and whether every number is whole. */
export interface ColumnCells {
  widest: number;
  /** undefined: no number seen yet (nor anything else); false once a cell is text or a fraction. */
  whole: boolean | undefined;
}

/** Adds one cell to what its column has seen (a streamed table's cells come a page at a time). */
export function seeCell(seen: ColumnCells, cell: CsvCell): void {
  seen.widest = Math.max(seen.widest, shownLength(cell));
  if (cell === null || cell === undefined || seen.whole === false) return;
  seen.whole = typeof cell === 'number' && Number.isInteger(cell);
}

/** The shape from the headers and what each column's cells showed. */
export function sheetShapeFrom(columns: string[], cells: readonly ColumnCells[], rowCount: number): SheetShape {
  return {
    columns,
    widths: columns.map((header, c) => widthOf(header, cells[c]?.widest ?? 0)),
    wholeNumbers: columns.map((_, c) => cells[c]?.whole === true),
    rowCount,
  };
}

/** The shape of a table held whole. */
export function sheetShapeOf(table: CsvTable): SheetShape {
  const cells = table.columns.map((): ColumnCells => ({ widest: 0, whole: undefined }));
  for (const row of table.rows) row.forEach((cell, c) => cells[c] && seeCell(cells[c], cell));
  return sheetShapeFrom(table.columns, cells, table.rows.length);
}

/**
 * LibreOffice shows an autofilter only when the workbook names its range `_xlnm._FilterDatabase` for the sheet
 * (Excel writes that name too). ExcelJS's streaming writer does not, and its defined names are kept cell by cell
 * (a 10,000-row table would be a million cells), so the names are added to the list it writes, as written.
 */
function declareFilterDatabases(workbook: { definedNames: object }, ranges: readonly { sheet: number; range: string }[]): void {
  const names = workbook.definedNames;
  const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(names), 'model');
  Object.defineProperty(names, 'model', {
    configurable: true,
    get: () => [
      ...((own?.get?.call(names) as unknown[]) ?? []),
      ...ranges.map(({ sheet, range }) => ({ name: '_xlnm._FilterDatabase', localSheetId: sheet, ranges: [range] })),
    ],
  });
}

/** How many lines a text takes wrapped at `width` characters, word by word. */
function wrappedLines(text: string, width: number): number {
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/)) {
    if (used > 0 && used + 1 + word.length > width) {
      lines++;
      used = word.length;
    } else used += (used > 0 ? 1 : 0) + word.length;
  }
  return lines;
}

/** The A1 name of a column number (1 → A, 27 → AA). */
function columnName(n: number): string {
  let name = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * The table as an XLSX workbook: an optional title row, the header row bold, wrapped, frozen and with an
 * autofilter, columns as wide as their content, numbers as numbers (Excel sorts and sums them; no decimal-mark
 * dialect to choose), text as text; then, when given, a second sheet about the data. A text cell is never a
 * formula: ExcelJS writes a string as a string cell, so the CSV's leading-apostrophe guard is not needed here.
 */
export async function writeXlsx(table: CsvTable, sheetName: string, extras: WorkbookExtras = {}): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of streamXlsx(sheetShapeOf(table), oneAndDone(table.rows), sheetName, extras)) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

async function* oneAndDone<T>(value: T): AsyncGenerator<T> {
  yield value;
}

/**
 * A cell that carries a mark besides its value: a fill (ARGB, e.g. `FFFFF2CC`), a note (a comment shown on hover),
 * an indent (a member under its marker), bold. Its value is written as a plain cell's.
 */
export interface MarkedCell {
  value: CsvCell;
  fill?: string;
  note?: string;
  indent?: number;
  bold?: boolean;
}

/** A cell of a table sheet: a plain value or a marked one. */
export type SheetCell = CsvCell | MarkedCell;

/** The value of a sheet cell, marked or not. */
export const valueOf = (cell: SheetCell): CsvCell => (cell !== null && typeof cell === 'object' ? cell.value : cell);

/** One table sheet of a workbook: its name, shape, rows a page at a time, and what it shows above them. */
export interface TableSheet extends Pick<WorkbookExtras, 'title' | 'codeColumns'> {
  name: string;
  shape: SheetShape;
  pages: AsyncIterable<readonly SheetCell[][]>;
  /** Printed at this percentage (a sheet of a few columns fits a landscape page at 75). */
  printScale?: number;
}

/**
 * The workbook of writeXlsx as it is written, its rows a page at a time (a task's 10,000 keywords read from the
 * database as they go out; `shape` was worked out before, over the same rows). ExcelJS's streaming writer, a
 * slice of rows between yields to the event loop, so other requests are served meanwhile.
 */
export function streamXlsx(
  shape: SheetShape,
  pages: AsyncIterable<readonly CsvCell[][]>,
  sheetName: string,
  extras: WorkbookExtras = {},
): AsyncGenerator<Uint8Array> {
  const sheet: TableSheet = { name: sheetName, shape, pages, ...(extras.title ? { title: extras.title } : {}), ...(extras.codeColumns ? { codeColumns: extras.codeColumns } : {}) };
  return streamWorkbook([sheet], extras.about);
}

/** Several table sheets, then an optional sheet about the data, written as streamXlsx writes one. */
export async function* streamWorkbook(sheets: readonly TableSheet[], about?: WorkbookExtras['about']): AsyncGenerator<Uint8Array> {
  const sink = new PassThrough();
  const writing = writeWorkbook(sink, sheets, about).catch((error: unknown) => {
    sink.destroy(error as Error);
  });
  try {
    for await (const chunk of sink) yield chunk as Buffer;
  } finally {
    // The reader stopped early (the client went away): the writer's next chunk finds the sink destroyed and stops.
    sink.destroy();
    await writing;
  }
}

type WorkbookWriter = InstanceType<Awaited<ReturnType<typeof loadExcel>>['stream']['xlsx']['WorkbookWriter']>;
type SheetWriter = ReturnType<WorkbookWriter['addWorksheet']>;

async function writeWorkbook(sink: PassThrough, sheets: readonly TableSheet[], about: WorkbookExtras['about']): Promise<void> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  workbook.creator = 'search-demand statistics';
  const filters: { sheet: number; range: string }[] = [];
  declareFilterDatabases(workbook, filters);
  for (const [index, table] of sheets.entries()) {
    const range = await writeTableSheet(workbook, table, sink);
    if (range === undefined) return;
    filters.push({ sheet: index, range });
  }
  if (about) writeAboutSheet(workbook.addWorksheet(about.name.slice(0, 31)), about.rows);
  await workbook.commit();
}

/** One table sheet: title, a frozen wrapped header with an autofilter, the rows; its filter's range (undefined: the reader left). */
async function writeTableSheet(workbook: WorkbookWriter, table: TableSheet, sink: PassThrough): Promise<string | undefined> {
  const { shape } = table;
  const { columns, widths } = shape;
  const headerRow = table.title ? 2 : 1;
  const lastColumn = columnName(Math.max(1, columns.length));
  const sheet = workbook.addWorksheet(table.name.slice(0, 31) || 'table', {
    views: [{ state: 'frozen', ySplit: headerRow, xSplit: columns.length > 1 ? 1 : 0 }],
  });
  const lastRow = headerRow + Math.max(1, shape.rowCount);
  sheet.autoFilter = `A${headerRow}:${lastColumn}${lastRow}`;
  // Whole numbers with a thousands separator (23 180), as a report shows them; fractions keep the General format.
  sheet.columns = widths.map((width, c) => ({ width, ...(!table.codeColumns?.has(c) && shape.wholeNumbers[c] ? { style: { numFmt: '#,##0' } } : {}) }));
  sheet.pageSetup.orientation = 'landscape';
  sheet.pageSetup.printTitlesRow = `${headerRow}:${headerRow}`;
  if (table.printScale) sheet.pageSetup.scale = table.printScale;
  if (table.title) {
    const title = sheet.addRow([table.title]);
    title.font = { bold: true, size: 12 };
    title.commit();
  }
  const header = sheet.addRow(columns);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  // LibreOffice does not grow a streamed row to fit wrapped text: the height is set from the longest header's lines.
  header.height = 15 * Math.max(1, ...columns.map((text, c) => wrappedLines(text, widths[c]! - 2)));
  header.commit();
  const slice = createSlicer();
  for await (const rows of table.pages) {
    for (const row of rows) {
      if (sink.destroyed) return undefined;
      const written = sheet.addRow(row.map((marked) => {
        const cell = valueOf(marked);
        return cell === null || cell === undefined || (typeof cell === 'number' && !Number.isFinite(cell)) ? null : cell;
      }));
      row.forEach((marked, c) => {
        if (marked !== null && typeof marked === 'object') markCell(written.getCell(c + 1), marked);
      });
      written.commit();
      await slice();
    }
  }
  sheet.commit();
  return `'${sheet.name.replaceAll("'", "''")}'!$A$${headerRow}:$${lastColumn}$${lastRow}`;
}

/** A marked cell's fill, note, indent and weight on the written cell (its number format stays the column's). */
function markCell(cell: ReturnType<ReturnType<SheetWriter['addRow']>['getCell']>, mark: MarkedCell): void {
  if (mark.fill) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: mark.fill } };
  if (mark.note) cell.note = mark.note;
  if (mark.indent) cell.alignment = { indent: mark.indent };
  if (mark.bold) cell.font = { bold: true };
}

/** The about sheet: labels bold in a narrow column A, long texts wrapped in a wide column B. */
function writeAboutSheet(sheet: SheetWriter, rows: readonly (readonly (string | number)[])[]): void {
  const widths = [28, 80, 14];
  sheet.columns = widths.map((width) => ({ width }));
  sheet.pageSetup.orientation = 'landscape';
  sheet.pageSetup.scale = 75; // the three columns on one landscape page (the streaming writer has no fit-to-page)
  rows.forEach((cells, i) => {
    const row = sheet.addRow([...cells]);
    row.alignment = { wrapText: true, vertical: 'top' };
    row.getCell(1).font = { bold: true, ...(i === 0 ? { size: 12 } : {}) };
    // As for the header: a streamed row does not grow to its wrapped text in LibreOffice, so its height is set.
    row.height = 15 * Math.max(1, ...cells.map((cell, c) => wrappedLines(String(cell), (widths[c] ?? 14) - 3)));
    row.commit();
  });
  sheet.commit();
}
