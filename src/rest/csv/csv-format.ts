import { stringify } from 'csv-stringify/sync';
import type { CsvCell, CsvTable } from '../../services/files/table.js';

export type { CsvCell, CsvTable } from '../../services/files/table.js';

/**
 * How to write the file. `excel` (the default) is what Excel with Russian settings opens by a double click:
 * UTF-8 with a BOM, `;` between cells, a decimal comma. `rfc4180` is plain RFC 4180: `,` and dot decimals, no BOM.
 */
export type CsvDialect = 'excel' | 'rfc4180';

/** What a table can be exported as: a CSV dialect, or an XLSX workbook (`?format=xlsx`). */
export type TableFormat = CsvDialect | 'xlsx';

// A cell Excel would run as a formula (CSV injection, OWASP): =, +, -, @, and tab or CR that some versions strip first.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that cannot start a formula: a leading apostrophe makes Excel show it as text. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A number in plain positional notation (never `1e-7`, which a spreadsheet may not read back). */
export function plainNumber(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, head, tail = '', exponentText] = match;
  const digits = head! + tail;
  const exponent = Number(exponentText);
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  return `${sign}${digits.padEnd(exponent + 1, '0')}`;
}

function formatCell(cell: CsvCell, dialect: CsvDialect): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '';
    const text = plainNumber(cell);
    return dialect === 'excel' ? text.replace('.', ',') : text;
  }
  if (typeof cell === 'boolean') return String(cell);
  return neutraliseFormula(cell);
}

/** The file's text: header and rows, RFC 4180 quoting, CRLF line ends; the BOM first in the excel dialect. */
export function writeCsv(table: CsvTable, dialect: CsvDialect): string {
  return csvHead(table.columns, dialect) + csvRows(table.rows, dialect);
}

/** The start of a file: the BOM (excel dialect) and the header row. */
export function csvHead(columns: readonly string[], dialect: CsvDialect): string {
  const text = stringify([columns.map((c) => neutraliseFormula(c))], options(dialect));
  return dialect === 'excel' ? `\uFEFF${text}` : text;
}

/** Rows of a file, each ending in CRLF: a streamed file writes a page of them at a time. */
export function csvRows(rows: readonly CsvCell[][], dialect: CsvDialect): string {
  return rows.length === 0 ? '' : stringify(rows.map((row) => row.map((cell) => formatCell(cell, dialect))), options(dialect));
}

const options = (dialect: CsvDialect) => ({
  delimiter: dialect === 'excel' ? ';' : ',',
  record_delimiter: 'windows' as const,
  // csv-stringify quotes a delimiter, a quote or the record delimiter; a lone LF or CR must be quoted too.
  quoted_match: /[\r\n]/,
});
