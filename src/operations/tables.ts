import type { LocationsResultJson, SearchVolumeItemJson, SuggestionsResultJson } from './present-v1.js';
import { EXTRA_MATCH_TYPES, type ExtraMatchType } from '../domain/match-types.js';

import type { CsvCell, CsvTable } from '../services/files/table.js';

export type { CsvCell, CsvTable };

/** How an operation's presented result (for /v1, the task's `result` items; for /v2, the body) becomes one table. */
export type ResultTable = (presented: unknown) => CsvTable;

type Row = Record<string, unknown>;

/** What a handler presented, as a list; anything else (a task not done yet: no result) is no rows. */
export const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Rows of objects as a table whose columns are the given JSON field names, in that order. */
export function tableOf(columns: string[], rows: readonly Row[], lead: Row = {}): CsvTable {
  return { columns, rows: rows.map((row) => columns.map((c) => ({ ...lead, ...row })[c] as CsvCell)) };
}

const SEARCH_VOLUME_FIELDS = [
  'keyword',
  'location_code',
  'location_note',
  'language_code',
  'search_volume',
  'search_volume_phrase',
  'search_volume_exact',
  'search_volume_order',
  'competition',
  'competition_level',
  'cpc',
  'keyword_form',
];
const SEASONALITY_FIELDS = ['yoy_change_percent', 'peak_month', 'seasonality_index', 'trend_class'] as const;
const monthKey = (m: { year: number; month: number }) => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** One search_volume item's cells by column name (a month it lacks has none: an empty cell). */
export function searchVolumeCells(item: SearchVolumeItemJson): Map<string, CsvCell> {
  const cells = new Map<string, CsvCell>();
  for (const f of SEARCH_VOLUME_FIELDS) cells.set(f, (item as unknown as Row)[f] as CsvCell);
  for (const f of SEASONALITY_FIELDS) cells.set(f, item.seasonality?.[f]);
  for (const m of item.monthly_searches) cells.set(monthKey(m), m.search_volume);
  for (const type of EXTRA_MATCH_TYPES) for (const m of typeSeries(item, type)) cells.set(`${type}_${monthKey(m)}`, m.search_volume);
  // Why a row has no figures: the source refused that keyword (the others are measured).
  cells.set('error', item.error?.status_message);
  return cells;
}

const typeSeries = (item: SearchVolumeItemJson, type: ExtraMatchType) => item.match_type_monthly_searches?.[type]?.monthly_searches ?? [];

/**
 * The columns of a search_volume table, gathered item by item (a task's 10,000 items come a page at a time):
 * the fields, the seasonality, then one column per broad month any item has (`2025-11`), oldest first, then for
 * each asked match type its derived months (`phrase_2025-11`), so a client sees each type's season too.
 */
export function createSearchVolumeColumns() {
  const months = new Set<string>();
  const typeMonths = new Map<ExtraMatchType, Set<string>>(EXTRA_MATCH_TYPES.map((type) => [type, new Set()]));
  return {
    add(item: SearchVolumeItemJson): void {
      for (const m of item.monthly_searches) months.add(monthKey(m));
      for (const type of EXTRA_MATCH_TYPES) for (const m of typeSeries(item, type)) typeMonths.get(type)!.add(monthKey(m));
    },
    columns(): string[] {
      const typed = EXTRA_MATCH_TYPES.flatMap((type) => [...typeMonths.get(type)!].sort().map((month) => `${type}_${month}`));
      return [...SEARCH_VOLUME_FIELDS, ...SEASONALITY_FIELDS, ...[...months].sort(), ...typed, 'error'];
    },
  };
}

/**
 * search_volume (live or a task's result): one row per keyword, its fields (the match types' volumes empty when
 * not asked), its seasonality, its months (createSearchVolumeColumns); a month a keyword lacks is an empty cell.
 */
export function searchVolumeTable(items: readonly SearchVolumeItemJson[]): CsvTable {
  items = listOf(items);
  const shape = createSearchVolumeColumns();
  for (const item of items) shape.add(item);
  const columns = shape.columns();
  return { columns, rows: items.map((item) => rowOf(columns, searchVolumeCells(item))) };
}

/** A row of cells in the order of `columns`. */
export const rowOf = (columns: readonly string[], cells: ReadonlyMap<string, CsvCell>): CsvCell[] => columns.map((c) => cells.get(c));

const REGION_FIELDS = ['regionId', 'regionName', 'regionNameEn', 'regionType', 'parentId', 'parentName', 'countryCode'];

/** /v1 suggestions: one row per suggestion, the seed and its location note repeated. */
export const suggestionsTable: ResultTable = (items) => {
  const result = listOf<SuggestionsResultJson>(items)[0];
  return tableOf(['seed_keyword', 'location_note', 'keyword', 'search_volume', 'competition', 'cpc'], result?.items ?? [], {
    seed_keyword: result?.seed_keyword,
    location_note: result?.location_note,
  });
};

/** /v1 locations: one row per location, the keyword repeated. */
export const locationsTable: ResultTable = (items) => {
  const result = listOf<LocationsResultJson>(items)[0];
  const columns = ['keyword', 'location_code', 'location_name', 'location_name_local', 'country_code', 'search_volume', 'share', 'affinity_index'];
  return tableOf(columns, result?.items ?? [], { keyword: result?.keyword });
};

/** /v2 top: results, then associations, each row saying which. */
export const topTable: ResultTable = (body) => {
  const top = body as { results: Row[]; associations: Row[] };
  return tableOf(['kind', 'phrase', 'count'], [
    ...top.results.map((row) => ({ kind: 'result', ...row })),
    ...top.associations.map((row) => ({ kind: 'association', ...row })),
  ]);
};

/** /v2 dynamics: one row per period. */
export const dynamicsTable: ResultTable = (body) => tableOf(['date', 'count', 'share'], (body as { results: Row[] }).results);

// parentNameEn came later (issue 24): last, so a reader that counts columns still finds the others in place.
/** /v2 regions: one row per region. */
export const regionsTable: ResultTable = (body) =>
  tableOf([...REGION_FIELDS, 'count', 'share', 'affinityIndex', 'parentNameEn'], (body as { regions: Row[] }).regions);

/** /v2 region_search: one row per region found. */
export const regionSearchTable: ResultTable = (body) => tableOf([...REGION_FIELDS, 'parentNameEn'], (body as { regions: Row[] }).regions);

/** core_expand's rows: what a specialist filters and sorts in a spreadsheet before cleaning. */
export const expandTable: ResultTable = (body) => tableOf(['phrase', 'count', 'source', 'depth', 'parent'], (body as { rows: Row[] }).rows);
