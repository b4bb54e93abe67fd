/** A cell before formatting: numbers take the file's number format (or the CSV dialect's decimal mark), null is empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** One table: a header row (the JSON field names, or their labels) and its rows, cell for cell. */
export interface CsvTable {
  columns: string[];
  rows: CsvCell[][];
}

/** The languages a file's headers and prose can be written in. */
export type TableLang = 'ru' | 'en';
