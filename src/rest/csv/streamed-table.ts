import type { StreamedList } from '../streamed-list.js';
import type { SearchVolumeItemJson } from '../../operations/present-v1.js';
import { EXTRA_MATCH_TYPES } from '../../domain/match-types.js';
import { columnLabel, labelCell, labelRows } from './column-labels.js';
import type { CsvCell } from './csv-format.js';
import { createSearchVolumeColumns, rowOf, searchVolumeCells } from '../../operations/tables.js';
import type { TableLang } from './table-lang.js';
import { createSlicer } from '../../services/loop-slicer.js';
import { type ColumnCells, seeCell, type SheetShape, sheetShapeFrom } from '../../services/files/xlsx-format.js';

/**
 * A search_volume table over a streamed list (a task's result page, up to 10,000 keywords), never held whole:
 * a first read of the list gathers what the file must state before its first row (the month columns, and for a
 * workbook each column's width and number format), a second read writes the rows, a page at a time. Each read
 * is a few hundred rows per database statement; the table is the one searchVolumeTable builds from the same items.
 */
export interface StreamedTable {
  /** The JSON field names (the CSV's headers unless a language is asked). */
  columns: string[];
  /** Headers in the file's language and the sheet's widths and formats (`lang` given: a workbook or a worded CSV). */
  shape: SheetShape;
  /** The items that decide the file's facts (the first, and the first with each match type): see fileFactsOf. */
  sample: unknown[];
  /** The rows, labelled in `lang`, a page at a time (reads the list again). */
  rows(): AsyncIterable<CsvCell[][]>;
}

export async function streamedSearchVolumeTable(list: StreamedList, lang: TableLang | undefined): Promise<StreamedTable> {
  const columnsOf = createSearchVolumeColumns();
  const byName = new Map<string, ColumnCells>();
  const sample: unknown[] = [];
  const typesSeen = new Set<string>();
  let count = 0;
  const slice = createSlicer();
  for await (const page of list.read()) {
    for (const item of page as SearchVolumeItemJson[]) {
      await slice();
      count++;
      columnsOf.add(item);
      if (sample.length === 0) sample.push(item);
      for (const type of EXTRA_MATCH_TYPES) {
        if (item.match_type_monthly_searches?.[type] !== undefined && !typesSeen.has(type)) {
          typesSeen.add(type);
          sample.push(item);
        }
      }
      for (const [name, cell] of searchVolumeCells(item)) {
        let seen = byName.get(name);
        if (!seen) byName.set(name, (seen = { widest: 0, whole: undefined }));
        seeCell(seen, labelCell(name, cell, lang));
      }
    }
  }
  const columns = columnsOf.columns();
  const headers = lang ? columns.map((column) => columnLabel(column, lang)) : columns;
  return {
    columns,
    shape: sheetShapeFrom(headers, columns.map((name) => byName.get(name) ?? { widest: 0, whole: undefined }), count),
    sample,
    async *rows() {
      const slice = createSlicer();
      for await (const page of list.read()) {
        const rows: CsvCell[][] = [];
        for (const item of page as SearchVolumeItemJson[]) {
          await slice();
          rows.push(rowOf(columns, searchVolumeCells(item)));
        }
        yield labelRows(columns, rows, lang);
      }
    },
  };
}
