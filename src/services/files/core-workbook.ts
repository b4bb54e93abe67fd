import type { CleanResult, Verdict } from '../../domain/core/clean.js';
import { seasonalityOf } from '../../domain/seasonality.js';
import { aboutRows, type FileFacts, titleLine } from './about-sheet.js';
import {
  ABOUT_WORDS,
  CORE_HEADERS,
  CORE_SHEETS,
  INTENT_CLASSES,
  MARK_WORDS,
  NEGATIVE_USE,
  NOISE_CLASSES,
  reasonWords,
  TREND_CLASSES,
  VERDICTS,
} from './core-workbook-words.js';
import { createSlicer } from '../loop-slicer.js';
import type { CsvCell, TableLang } from './table.js';
import { type ColumnCells, type MarkedCell, seeCell, type SheetCell, sheetShapeFrom, streamWorkbook, type TableSheet, valueOf } from './xlsx-format.js';

/** What the client sent of a phrase besides its text: volumes per match type and the broad series. */
export interface WorkbookFigures {
  volume?: number | null | undefined;
  phrase?: number | null | undefined;
  exact?: number | null | undefined;
  order?: number | null | undefined;
  /** The broad monthly counts, oldest first, the first of them in CoreWorkbookInput.firstMonth. */
  months?: readonly number[] | undefined;
}

/** One row of a cluster: the phrase's index in the clean, and the cluster it was moved from (the specialist's edit). */
export interface ClusterRow {
  index: number;
  /** The id the explorer sent, and that cluster's marker when it is among the clusters sent. */
  movedFrom?: { id: string; marker: string | undefined } | undefined;
}

/** The clusters sent (core_clusters' answer), as rows of the clean: each cluster's rows, its marker's first. */
export interface WorkbookClusters {
  clusters: { id: string; marker: string; rows: ClusterRow[]; markerRows: number[] }[];
  /** Every phrase of no cluster: listed as unclustered, or in no cluster at all. */
  unclustered: ClusterRow[];
}

/** core_intent's figures of one phrase. */
export interface WorkbookIntent {
  commerciality: number;
  class: string;
  geoDependent: boolean | null;
  overlap: number | null;
  compareRegion: number;
  kei: number | null;
}

/** Most clusters with a sheet of their own; past it the smallest share one sheet (docs/decisions.md). */
export const MAX_CLUSTER_SHEETS = 250;

/** The fills of the marks: a verdict the specialist edited (yellow), a phrase moved to another cluster (light blue). */
const EDITED_FILL = 'FFFFE699';
const MOVED_FILL = 'FFDDEBF7';

/** What the workbook is written from: the clean, each phrase's figures (same order), and the facts of the file. */
export interface CoreWorkbookInput {
  clean: CleanResult;
  figures: readonly WorkbookFigures[];
  /** The calendar month of every phrase's months[0] (one window for the whole list, as search_volume answers). */
  firstMonth?: { year: number; month: number } | undefined;
  /** `operation` is `core_workbook`; the region is the asked one's name (or "all regions"). */
  facts: FileFacts;
  /** The service's version, said on the about sheet. */
  version: string;
  /** Per phrase: the service's own verdict where the clean's (the specialist's) differs, else null; absent: no clean was sent. */
  original?: readonly (Verdict | null)[] | undefined;
  clusters?: WorkbookClusters | undefined;
  /** Per phrase (same order as the clean). */
  intent?: readonly WorkbookIntent[] | undefined;
  /** A sheet per cluster (at most MAX_CLUSTER_SHEETS), then one of the unclustered. */
  sheetPerCluster?: boolean;
}

/** Most months the core sheet shows: the newest 24 any phrase has (two years: the YoY and the season). */
const MAX_MONTHS = 24;
/** Excel's limit of characters in a cell: the list of removed phrases is cut to it. */
const MAX_CELL = 32_767;
/** Rows handed to the writer at a time (it yields to the event loop within them). */
const PAGE = 500;

const monthKey = (m: { year: number; month: number }) => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** The month `k` months after `first`. */
const monthAfter = (first: { year: number; month: number }, k: number) => {
  const index = first.year * 12 + first.month - 1 + k;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/**
 * Rows as a table sheet: the shape (widths from every cell) worked out first, with yields to the event loop, then
 * the rows made again a page at a time as the writer asks (never all held at once).
 */
async function tableSheet(
  name: string,
  title: string,
  headers: string[],
  rows: () => Iterable<SheetCell[]>,
  codeColumns: ReadonlySet<number> = new Set(),
  printScale?: number,
): Promise<TableSheet> {
  const cells = headers.map((): ColumnCells => ({ widest: 0, whole: undefined }));
  let count = 0;
  const slice = createSlicer();
  for (const row of rows()) {
    count++;
    row.forEach((cell, c) => cells[c] && seeCell(cells[c], valueOf(cell)));
    await slice();
  }
  async function* pages(): AsyncGenerator<SheetCell[][]> {
    let page: SheetCell[][] = [];
    for (const row of rows()) {
      page.push(row);
      if (page.length === PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }
  return { name, title, shape: sheetShapeFrom(headers, cells, count), pages: pages(), codeColumns, ...(printScale ? { printScale } : {}) };
}

/** Each phrase's duplicate group: 1, 2, … in the order their heads first appear; a phrase with no duplicate has none. */
function groupsOf(clean: CleanResult): (number | null)[] {
  const size = new Map<string, number>();
  for (const p of clean.phrases) if (p.duplicate_of !== null) size.set(p.duplicate_of, (size.get(p.duplicate_of) ?? 0) + 1);
  const number = new Map<string, number>();
  for (const p of clean.phrases) {
    const head = p.duplicate_of ?? p.phrase;
    if (size.has(head) && !number.has(head)) number.set(head, number.size + 1);
  }
  return clean.phrases.map((p) => number.get(p.duplicate_of ?? p.phrase) ?? null);
}

/** The window of the month columns: its offset into each phrase's months and its calendar months (the newest 24). */
function monthWindow(input: CoreWorkbookInput): { skip: number; columns: { year: number; month: number }[] } {
  if (!input.firstMonth) return { skip: 0, columns: [] };
  let longest = 0;
  for (const f of input.figures) longest = Math.max(longest, f.months?.length ?? 0);
  const skip = Math.max(0, longest - MAX_MONTHS);
  return { skip, columns: Array.from({ length: longest - skip }, (_, k) => monthAfter(input.firstMonth!, skip + k)) };
}

const noiseWords = (noise: readonly string[], lang: TableLang) => noise.map((c) => NOISE_CLASSES[c]?.[lang] ?? c).join(', ');

/** One column of the core sheet: its header, how a phrase's cell is made, and whether it holds codes. */
interface CoreColumn {
  header: string;
  cell: (i: number, row: CoreRowFacts) => SheetCell;
  code?: boolean;
}

/** What a row of the core sheet knows besides its phrase's index: its cluster and where it stands in it. */
interface CoreRowFacts {
  cluster?: { id: string; marker: string } | undefined;
  marker?: boolean;
  member?: boolean;
  movedFrom?: ClusterRow['movedFrom'];
}

const mark = (value: CsvCell, marks: Omit<MarkedCell, 'value'>): SheetCell => ({ value, ...marks });

/** The columns of the core sheet (and of each cluster's sheet), in order, for what the request sent. */
function coreColumns(input: CoreWorkbookInput): CoreColumn[] {
  const { clean, figures, facts, original, clusters, intent } = input;
  const { lang } = facts;
  const h = CORE_HEADERS;
  const { skip, columns: months } = monthWindow(input);
  const groups = clusters ? undefined : groupsOf(clean);
  const firstMonth = months[0]?.month ?? 1;
  const seasons = new Map<number, ReturnType<typeof seasonalityOf> | null>();
  // The season is read from the months the phrase has, in the sheet's window, when they are a whole run of 12+.
  const seasonOf = (i: number) => {
    if (!seasons.has(i)) {
      const series = months.map((_, k) => figures[i]?.months?.[skip + k]);
      const known = series.filter((v): v is number => typeof v === 'number');
      seasons.clear(); // one row at a time: the cache holds the row being written
      seasons.set(i, known.length === series.length ? seasonalityOf(known, firstMonth) : null);
    }
    return seasons.get(i)!;
  };
  // The explorer says `moved_from: "unclustered"` for a phrase the service left in no cluster (cluster ids start with c).
  const movedWords = (moved: NonNullable<ClusterRow['movedFrom']>) =>
    moved.marker !== undefined ? `${moved.marker} (${moved.id})` : moved.id === 'unclustered' ? MARK_WORDS.unclustered[lang] : moved.id;
  const columns: (CoreColumn | false | undefined)[] = [
    {
      header: h.phrase[lang],
      cell: (i, row) => (row.marker ? mark(clean.phrases[i]!.phrase, { bold: true }) : row.member ? mark(clean.phrases[i]!.phrase, { indent: 1 }) : clean.phrases[i]!.phrase),
    },
    clusters
      ? {
          header: h.cluster[lang],
          cell: (_, row) => {
            const name = row.cluster ? row.cluster.marker : MARK_WORDS.unclustered[lang];
            return row.movedFrom ? mark(name, { fill: MOVED_FILL, note: `${MARK_WORDS.moved[lang]} ${movedWords(row.movedFrom)}` }) : name;
          },
        }
      : { header: h.group[lang], cell: (i) => groups![i] },
    clusters && { header: h.movedFrom[lang], cell: (_, row) => (row.movedFrom ? movedWords(row.movedFrom) : null) },
    {
      header: h.verdict[lang],
      cell: (i) => {
        const words = VERDICTS[clean.phrases[i]!.verdict]![lang];
        const was = original?.[i];
        return was ? mark(words, { fill: EDITED_FILL, note: `${MARK_WORDS.edited[lang]}: ${VERDICTS[was]![lang]}` }) : words;
      },
    },
    original && { header: h.originalVerdict[lang], cell: (i) => (original[i] ? VERDICTS[original[i]]![lang] : null) },
    { header: h.reason[lang], cell: (i) => reasonWords(clean.phrases[i]!.reason, lang) },
    { header: h.noise[lang], cell: (i) => noiseWords(clean.phrases[i]!.noise, lang) },
    // With clusters in the group column, the duplicate group is said by its head.
    clusters && { header: h.duplicateOf[lang], cell: (i) => clean.phrases[i]!.duplicate_of },
    { header: h.broad[lang], cell: (i) => figures[i]?.volume ?? clean.phrases[i]!.volume },
    { header: h.phraseVolume[lang], cell: (i) => figures[i]?.phrase },
    { header: h.exact[lang], cell: (i) => figures[i]?.exact ?? clean.phrases[i]!.exact },
    { header: h.order[lang], cell: (i) => figures[i]?.order },
    ...(intent
      ? [
          { header: h.commerciality[lang], cell: (i: number) => intent[i]!.commerciality },
          { header: h.intentClass[lang], cell: (i: number) => INTENT_CLASSES[intent[i]!.class]?.[lang] ?? intent[i]!.class },
          { header: h.geoDependent[lang], cell: (i: number) => (intent[i]!.geoDependent === null ? null : intent[i]!.geoDependent ? MARK_WORDS.yes[lang] : MARK_WORDS.no[lang]) },
          { header: h.kei[lang], cell: (i: number) => intent[i]!.kei },
        ]
      : []),
    ...months.map((m, k) => ({ header: `${h.month[lang]} ${monthKey(m)}`, cell: (i: number) => figures[i]?.months?.[skip + k] })),
    // The peak month is a month number (a code), not a quantity.
    { header: h.peak[lang], cell: (i) => seasonOf(i)?.peakMonth, code: true },
    { header: h.index[lang], cell: (i) => seasonOf(i)?.seasonalityIndex },
    { header: h.yoy[lang], cell: (i) => seasonOf(i)?.yoyChangePercent },
    { header: h.trend[lang], cell: (i) => { const season = seasonOf(i); return season ? TREND_CLASSES[season.trendClass]![lang] : null; } },
    { header: h.crossMinus[lang], cell: (i) => clean.phrases[i]!.cross_minus.map((w) => `-${w}`).join(' ') },
    { header: h.region[lang], cell: () => facts.region },
  ];
  return columns.filter((c): c is CoreColumn => Boolean(c));
}

/** The rows of a cluster: its marker's row first (bold), the rest indented under it. */
function* clusterRows(cluster: WorkbookClusters['clusters'][number]): Generator<[number, CoreRowFacts]> {
  const markers = new Set(cluster.markerRows);
  for (const row of cluster.rows) {
    yield [row.index, { cluster, marker: markers.has(row.index), member: !markers.has(row.index), movedFrom: row.movedFrom }];
  }
}

/** Every row of the core in the sheet's order: by cluster when clusters were sent (the unclustered last), else as sent. */
function* coreRows(input: CoreWorkbookInput): Generator<[number, CoreRowFacts]> {
  const { clusters } = input;
  if (!clusters) {
    for (let i = 0; i < input.clean.phrases.length; i++) yield [i, {}];
    return;
  }
  for (const cluster of clusters.clusters) yield* clusterRows(cluster);
  for (const row of clusters.unclustered) yield [row.index, { movedFrom: row.movedFrom }];
}

/** A table sheet of core rows: the core's columns over the rows `order` gives. */
function coreTable(input: CoreWorkbookInput, name: string, title: string, order: () => Iterable<[number, CoreRowFacts]>): Promise<TableSheet> {
  const columns = coreColumns(input);
  function* rows(): Generator<SheetCell[]> {
    for (const [i, facts] of order()) yield columns.map((column) => column.cell(i, facts));
  }
  return tableSheet(name, title, columns.map((c) => c.header), rows, new Set(columns.flatMap((c, k) => (c.code ? [k] : []))));
}

/** The sheet "Ядро - Core": every phrase with its group, verdict, noise, volumes, months, season and region. */
function coreSheet(input: CoreWorkbookInput, title: string): Promise<TableSheet> {
  return coreTable(input, CORE_SHEETS.core, title, () => coreRows(input));
}

/** Characters Excel refuses in a sheet name. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
const MAX_SHEET_NAME = 31;

/**
 * A sheet name by Excel's rules: at most 31 characters, none of []:*?/\, no apostrophe at either end, not
 * "History", unique among `taken` (compared as Excel does, ignoring case). Numbered, so the names stay apart.
 */
function clusterSheetName(n: number, marker: string, taken: Set<string>): string {
  const cleaned = marker.replace(SHEET_NAME_FORBIDDEN, ' ').replace(/\s+/g, ' ').trim();
  for (let k = 0; ; k++) {
    const prefix = k === 0 ? `${n} ` : `${n}-${k} `;
    const name = (prefix + cleaned).slice(0, MAX_SHEET_NAME).replace(/^'+|'+$/g, '').trim();
    const key = name.toLocaleLowerCase('ru-RU');
    if (key !== 'history' && !taken.has(key)) {
      taken.add(key);
      return name;
    }
  }
}

/** Clusters with a sheet of their own (the largest, by rows then volume, when there are more than the bound), in the order sent. */
function ownSheets(clusters: WorkbookClusters, figures: readonly WorkbookFigures[]): Set<number> {
  const all = clusters.clusters.map((_, k) => k);
  if (all.length <= MAX_CLUSTER_SHEETS) return new Set(all);
  const volume = (k: number) => clusters.clusters[k]!.rows.reduce((sum, r) => sum + (figures[r.index]?.volume ?? 0), 0);
  const bySize = all.sort((a, b) => clusters.clusters[b]!.rows.length - clusters.clusters[a]!.rows.length || volume(b) - volume(a) || a - b);
  return new Set(bySize.slice(0, MAX_CLUSTER_SHEETS - 1));
}

/** With sheet_per_cluster: a sheet per cluster (numbered as they come), one of the rest past the bound, one of the unclustered. */
async function clusterSheets(input: CoreWorkbookInput, sheetTitle: (word: string) => string): Promise<TableSheet[]> {
  const { clusters, facts } = input;
  if (!clusters || !input.sheetPerCluster) return [];
  const { lang } = facts;
  const taken = new Set(Object.values(CORE_SHEETS).map((name) => name.toLocaleLowerCase('ru-RU')));
  const own = ownSheets(clusters, input.figures);
  const sheets: TableSheet[] = [];
  for (const [k, cluster] of clusters.clusters.entries()) {
    if (!own.has(k)) continue;
    const name = clusterSheetName(k + 1, cluster.marker, taken);
    sheets.push(await coreTable(input, name, sheetTitle(`${MARK_WORDS.clusterSheet[lang]} ${k + 1}: ${cluster.marker} (${cluster.id})`), () => clusterRows(cluster)));
  }
  if (own.size < clusters.clusters.length) {
    const rest = clusters.clusters.filter((_, k) => !own.has(k));
    const word = CORE_SHEETS.otherClusters.split(' - ')[lang === 'ru' ? 0 : 1]!;
    sheets.push(await coreTable(input, CORE_SHEETS.otherClusters, sheetTitle(word), function* () {
      for (const cluster of rest) yield* clusterRows(cluster);
    }));
  }
  if (clusters.unclustered.length > 0) {
    const word = CORE_SHEETS.unclustered.split(' - ')[lang === 'ru' ? 0 : 1]!;
    sheets.push(await coreTable(input, CORE_SHEETS.unclustered, sheetTitle(word), function* () {
      for (const row of clusters.unclustered) yield [row.index, { movedFrom: row.movedFrom }] as [number, CoreRowFacts];
    }));
  }
  return sheets;
}

/** The sheet "Минус-слова - Negative keywords": each entry, how to use it, and the phrases it removes. */
function negativeSheet(input: CoreWorkbookInput, title: string): Promise<TableSheet> {
  const { clean, facts } = input;
  const { lang } = facts;
  const h = CORE_HEADERS;
  const headers = [h.negative[lang], h.cls[lang], h.use[lang], h.removesCount[lang], h.removes[lang]];
  const { entries, rejected } = clean.negative_keywords;
  function* rows(): Generator<CsvCell[]> {
    for (const e of entries) yield [e.text, NOISE_CLASSES[e.class]?.[lang] ?? e.class, NEGATIVE_USE[e.verdict]![lang], e.removes.length, e.removes.join('; ').slice(0, MAX_CELL)];
    for (const r of rejected) yield [r.text, NOISE_CLASSES[r.class]?.[lang] ?? r.class, `${NEGATIVE_USE.rejected![lang]}: ${r.problem}`, null, null];
  }
  return tableSheet(CORE_SHEETS.negative, title, headers, rows, new Set(), 75);
}

/** The sheet "Отброшено - Dropped": every phrase with the verdict drop, and why. */
function droppedSheet(input: CoreWorkbookInput, title: string): Promise<TableSheet> {
  const { clean, figures, facts } = input;
  const { lang } = facts;
  const h = CORE_HEADERS;
  const headers = [h.phrase[lang], h.reason[lang], h.duplicateOf[lang], h.noise[lang], h.broad[lang]];
  function* rows(): Generator<CsvCell[]> {
    for (const [i, p] of clean.phrases.entries()) {
      if (p.verdict !== 'drop') continue;
      yield [p.phrase, reasonWords(p.reason, lang), p.duplicate_of, noiseWords(p.noise, lang), figures[i]?.volume ?? p.volume];
    }
  }
  return tableSheet(CORE_SHEETS.dropped, title, headers, rows, new Set(), 75);
}

/** The about sheet: the shared facts (source, region, date, match types, derived months), then the core's own. */
function aboutOf(input: CoreWorkbookInput, clusterSheetNames: readonly string[]): (string | number)[][] {
  const { clean, facts, version, original, clusters, intent } = input;
  const { lang } = facts;
  const { keep, review, drop, duplicates } = clean.counts;
  const countLine =
    lang === 'ru'
      ? `${keep + review + drop}: оставить ${keep}, проверить ${review}, убрать ${drop} (из них дублей ${duplicates})`
      : `${keep + review + drop}: keep ${keep}, review ${review}, drop ${drop} (duplicates among them: ${duplicates})`;
  const edited = original?.filter((v) => v !== null).length ?? 0;
  const moved = clusters ? [...clusters.clusters.flatMap((c) => c.rows), ...clusters.unclustered].filter((r) => r.movedFrom).length : 0;
  const marks: string[] = [
    ...(original ? [`${ABOUT_WORDS.editedMark[lang]} ${lang === 'ru' ? 'Изменено решений' : 'Verdicts edited'}: ${edited}.`] : []),
    ...(clusters ? [`${ABOUT_WORDS.movedMark[lang]} ${lang === 'ru' ? 'Перенесено фраз' : 'Phrases moved'}: ${moved}.`] : []),
  ];
  const sheetNames = [CORE_SHEETS.core, CORE_SHEETS.negative, CORE_SHEETS.dropped];
  const clusterLine = clusters
    ? `${ABOUT_WORDS.clusters[lang]} ${lang === 'ru' ? `Кластеров: ${clusters.clusters.length}, фраз без кластера: ${clusters.unclustered.length}.` : `Clusters: ${clusters.clusters.length}, phrases in no cluster: ${clusters.unclustered.length}.`}` +
      (clusterSheetNames.includes(CORE_SHEETS.otherClusters) ? ` ${ABOUT_WORDS.otherClusters[lang]}` : '')
    : undefined;
  return [
    ...aboutRows(facts),
    [],
    [ABOUT_WORDS.figuresLabel[lang], ABOUT_WORDS.figures[lang]],
    [ABOUT_WORDS.cleaningLabel[lang], ABOUT_WORDS.cleaning[lang]],
    [ABOUT_WORDS.counts[lang], countLine],
    // As text with its thousands separator: column B of the about sheet is prose, where a bare number sits far right.
    ...(clean.addressable_volume === null ? [] : [[ABOUT_WORDS.addressable[lang], clean.addressable_volume.toLocaleString('ru-RU')]]),
    ...(clusterLine ? [[ABOUT_WORDS.clustersLabel[lang], clusterLine]] : []),
    ...(intent ? [[ABOUT_WORDS.intentLabel[lang], ABOUT_WORDS.intent[lang]]] : []),
    ...marks.map((line, k) => [k === 0 ? ABOUT_WORDS.marksLabel[lang] : '', line]),
    [
      ABOUT_WORDS.sheets[lang],
      [...sheetNames, ...(clusterSheetNames.length > 0 ? [lang === 'ru' ? `листы кластеров (${clusterSheetNames.length})` : `cluster sheets (${clusterSheetNames.length})`] : []), CORE_SHEETS.about].join(', '),
    ],
    [ABOUT_WORDS.version[lang], version],
  ];
}

/**
 * The semantic-core workbook (issue 27, section 3) as it is written: "Ядро - Core", "Минус-слова - Negative
 * keywords", "Отброшено - Dropped", with sheet_per_cluster a sheet per cluster (issue 28), "О данных - About".
 * Every table sheet's title row names the source first when it is the demo (`демо-данные`). Streamed: rows go to
 * ExcelJS's streaming writer a page at a time, with yields.
 */
export async function* streamCoreWorkbook(input: CoreWorkbookInput): AsyncGenerator<Uint8Array> {
  const title = titleLine(input.facts);
  const { lang } = input.facts;
  // The sheet's own name early in its title (a long title runs past the first printed page): after the demo words.
  const sheetTitle = (word: string) => {
    const [first, ...rest] = title.split(' · ');
    return input.facts.source === 'demo' ? [first, word, ...rest].join(' · ') : `${word} · ${title}`;
  };
  const wordOf = (name: string) => name.split(' - ')[lang === 'ru' ? 0 : 1]!;
  const perCluster = await clusterSheets(input, sheetTitle);
  const sheets = [
    await coreSheet(input, title),
    await negativeSheet(input, sheetTitle(wordOf(CORE_SHEETS.negative))),
    await droppedSheet(input, sheetTitle(wordOf(CORE_SHEETS.dropped))),
    ...perCluster,
  ];
  yield* streamWorkbook(sheets, { name: CORE_SHEETS.about, rows: aboutOf(input, perCluster.map((sheet) => sheet.name)) });
}
