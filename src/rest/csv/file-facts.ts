import { DEFAULT_LOCATION_CODE, regionIdForLocation } from '../../domain/location-codes.js';
import { EXTRA_MATCH_TYPES } from '../../domain/match-types.js';
import type { RegionCatalog } from '../../domain/regions/catalog.js';
import { collectedAt, type FileFacts } from '../../services/files/about-sheet.js';
import type { TableLang } from './table-lang.js';

/** What the REST pipeline knows when it writes a file: the request, its answer, the runtime's facts. */
export interface FileFactsInput {
  path: string;
  /** The request body as sent (a task_get has none). */
  body: unknown;
  /** The presented rows (for /v1, the task's result items). */
  presented: unknown;
  /** The answer's headers: `x-location-fallback` becomes a note. */
  headers: Record<string, string>;
  lang: TableLang;
  source: FileFacts['source'];
  catalog: RegionCatalog;
  timeZone: string;
  now: number;
}

const ALL_REGIONS: Record<TableLang, string> = { ru: 'все регионы', en: 'all regions' };

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;

/** The operation a path serves: `/v1/keywords/search_volume/task_get/{id}` → `search_volume`. */
export function operationOf(path: string): string {
  return /\/v1\/keywords\/([a-z_]+)/.exec(path)?.[1] ?? path.split('/').at(-1) ?? '';
}

function regionName(catalog: RegionCatalog, regionId: number, lang: TableLang): string {
  const region = catalog.get(regionId);
  if (!region) return String(regionId);
  return lang === 'ru' ? region.name : region.nameEn;
}

/** The region(s) the figures are for: a location_code's region, a /v2 filter's regions, or all regions. */
function regionOf(input: FileFactsInput, operation: string): string {
  const { body, presented, catalog, lang } = input;
  if (operation === 'search_volume' || operation === 'suggestions') {
    // The answer's own code first: a location_name resolves to one, and an unknown code is computed as Russia.
    const code = field(Array.isArray(presented) ? presented[0] : undefined, 'location_code') ?? field(body, 'location_code') ?? DEFAULT_LOCATION_CODE;
    return typeof code === 'number' ? regionName(catalog, regionIdForLocation(code, catalog), lang) : ALL_REGIONS[lang];
  }
  const regions = field(body, 'regions');
  if (Array.isArray(regions) && regions.length > 0) return regions.map((id) => (typeof id === 'number' ? regionName(catalog, id, lang) : String(id))).join(', ');
  return operation === 'region_search' ? '' : ALL_REGIONS[lang];
}

/** Facts a reader needs that the table cannot show, one line each. */
function notesOf(input: FileFactsInput): string[] {
  const notes: string[] = [];
  if (input.headers['x-location-fallback']) {
    const code = String(field(input.body, 'location_code'));
    notes.push(
      input.lang === 'ru'
        ? `location_code ${code} неизвестен: посчитано как Россия (computed as Russia: unknown location_code).`
        : `Computed as Russia: unknown location_code ${code}.`,
    );
  }
  return notes;
}

/** The facts of a file about its data: source, region, date, asked match types, notes. */
export function fileFactsOf(input: FileFactsInput, columns: readonly string[]): FileFacts {
  const operation = operationOf(input.path);
  const items = Array.isArray(input.presented) ? input.presented : [];
  return {
    lang: input.lang,
    source: input.source,
    operation,
    region: regionOf(input, operation),
    collectedAt: collectedAt(input.now, input.timeZone),
    matchTypes: EXTRA_MATCH_TYPES.filter((type) => items.some((item) => field(field(item, 'match_type_monthly_searches'), type) !== undefined)),
    hasCpc: columns.includes('cpc'),
    notes: notesOf(input),
  };
}
