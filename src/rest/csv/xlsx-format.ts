import { PassThrough } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { CsvTable } from './csv-format.js';

/** ExcelJS, loaded on the first workbook: it costs ~28 MiB of memory and start-up time that few processes need. */
let excel: Promise<typeof import('exceljs')> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((module) => module.default));

/** Rows written between yields to the event loop: a 10,000-row task table once held it ~2 s in one piece. */
const ROWS_PER_SLICE = 250;

/**
 * The table as an XLSX workbook of one sheet: the header row bold and frozen, numbers as numbers (Excel sorts
 * and sums them; no decimal-mark dialect to choose), text as text. A text cell is never a formula: ExcelJS writes
 * a string as a string cell, so the CSV's leading-apostrophe guard is not needed here. Written with ExcelJS's
 * streaming writer, a slice of rows at a time, so other requests are served meanwhile.
 */
export async function writeXlsx(table: CsvTable, sheetName: string): Promise<Uint8Array> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  workbook.creator = 'search-demand statistics';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'table', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((header) => ({ width: Math.min(40, Math.max(8, header.length + 2)) }));
  const header = sheet.addRow(table.columns);
  header.font = { bold: true };
  header.commit();
  for (let i = 0; i < table.rows.length; i++) {
    const row = table.rows[i]!;
    sheet.addRow(row.map((cell) => (cell === null || cell === undefined || (typeof cell === 'number' && !Number.isFinite(cell)) ? null : cell))).commit();
    if ((i + 1) % ROWS_PER_SLICE === 0) await yieldToLoop();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
