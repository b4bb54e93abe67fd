import ExcelJS from 'exceljs';
import type { CsvTable } from './csv-format.js';

/**
 * The table as an XLSX workbook of one sheet: the header row bold and frozen, numbers as numbers (Excel sorts
 * and sums them; no decimal-mark dialect to choose), text as text. A text cell is never a formula: ExcelJS writes
 * a string as a string cell, so the CSV's leading-apostrophe guard is not needed here.
 */
export async function writeXlsx(table: CsvTable, sheetName: string): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'search-demand statistics';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'table', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(table.columns).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(row.map((cell) => (cell === null || cell === undefined || (typeof cell === 'number' && !Number.isFinite(cell)) ? null : cell)));
  }
  sheet.columns.forEach((column, i) => {
    column.width = Math.min(40, Math.max(8, (table.columns[i]?.length ?? 8) + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
