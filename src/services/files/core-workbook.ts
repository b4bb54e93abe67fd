import type { CleanResult } from '../../domain/core/clean.js';
import { seasonalityOf } from '../../domain/seasonality.js';
import { aboutRows, type FileFacts, titleLine } from './about-sheet.js';
import {
  ABOUT_WORDS,
  CORE_HEADERS,
  CORE_SHEETS,
  NEGATIVE_USE,
  NOISE_CLASSES,
  reasonWords,
  TREND_CLASSES,
  VERDICTS,
} from './core-workbook-words.js';
import { createSlicer } from '../loop-slicer.js';
import type { CsvCell, TableLang } from './table.js';
import { type ColumnCells, seeCell, sheetShapeFrom, streamWorkbook, type TableSheet } from './xlsx-format.js';

/** What the client sent of a phrase besides its text: volumes per match type and the broad series. */
export interface WorkbookFigures {
  volume?: number | null | undefined;
  phrase?: number | null | undefined;
  exact?: number | null | undefined;
  order?: number | null | undefined;
  /** The broad monthly counts, oldest first, the first of them in CoreWorkbookInput.firstMonth. */
  months?: readonly number[] | undefined;
}

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
  rows: () => Iterable<CsvCell[]>,
  codeColumns: ReadonlySet<number> = new Set(),
  printScale?: number,
): Promise<TableSheet> {
  const cells = headers.map((): ColumnCells => ({ widest: 0, whole: undefined }));
  let count = 0;
  const slice = createSlicer();
  for (const row of rows()) {
    count++;
    row.forEach((cell, c) => cells[c] && seeCell(cells[c], cell));
    await slice();
  }
  async function* pages(): AsyncGenerator<CsvCell[][]> {
    let page: CsvCell[][] = [];
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

/** The sheet "Ядро - Core": every phrase with its group, verdict, noise, volumes, months, season and region. */
function coreSheet(input: CoreWorkbookInput, title: string): Promise<TableSheet> {
  const { clean, figures, facts } = input;
  const { lang } = facts;
  const h = CORE_HEADERS;
  const { skip, columns: months } = monthWindow(input);
  const headers = [
    h.phrase[lang], h.group[lang], h.verdict[lang], h.reason[lang], h.noise[lang],
    h.broad[lang], h.phraseVolume[lang], h.exact[lang], h.order[lang],
    ...months.map((m) => `${h.month[lang]} ${monthKey(m)}`),
    h.peak[lang], h.index[lang], h.yoy[lang], h.trend[lang], h.crossMinus[lang], h.region[lang],
  ];
  const groups = groupsOf(clean);
  const firstMonth = months[0]?.month ?? 1;
  function* rows(): Generator<CsvCell[]> {
    for (const [i, p] of clean.phrases.entries()) {
      const f = figures[i] ?? {};
      const series = months.map((_, k) => f.months?.[skip + k]);
      // The season is read from the months the phrase has, in the sheet's window, when they are a whole run of 12+.
      const known = series.filter((v): v is number => typeof v === 'number');
      const season = known.length === series.length ? seasonalityOf(known, firstMonth) : null;
      yield [
        p.phrase, groups[i], VERDICTS[p.verdict]![lang], reasonWords(p.reason, lang), noiseWords(p.noise, lang),
        f.volume ?? p.volume, f.phrase, f.exact ?? p.exact, f.order,
        ...series,
        season?.peakMonth, season?.seasonalityIndex, season?.yoyChangePercent, season ? TREND_CLASSES[season.trendClass]![lang] : null,
        p.cross_minus.map((w) => `-${w}`).join(' '), facts.region,
      ];
    }
  }
  // The peak month is a month number (a code), not a quantity.
  return tableSheet(CORE_SHEETS.core, title, headers, rows, new Set([9 + months.length]));
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
function aboutOf(input: CoreWorkbookInput): (string | number)[][] {
  const { clean, facts, version } = input;
  const { lang } = facts;
  const { keep, review, drop, duplicates } = clean.counts;
  const countLine =
    lang === 'ru'
      ? `${keep + review + drop}: оставить ${keep}, проверить ${review}, убрать ${drop} (из них дублей ${duplicates})`
      : `${keep + review + drop}: keep ${keep}, review ${review}, drop ${drop} (duplicates among them: ${duplicates})`;
  return [
    ...aboutRows(facts),
    [],
    [ABOUT_WORDS.figuresLabel[lang], ABOUT_WORDS.figures[lang]],
    [ABOUT_WORDS.cleaningLabel[lang], ABOUT_WORDS.cleaning[lang]],
    [ABOUT_WORDS.counts[lang], countLine],
    // As text with its thousands separator: column B of the about sheet is prose, where a bare number sits far right.
    ...(clean.addressable_volume === null ? [] : [[ABOUT_WORDS.addressable[lang], clean.addressable_volume.toLocaleString('ru-RU')]]),
    [ABOUT_WORDS.sheets[lang], [CORE_SHEETS.core, CORE_SHEETS.negative, CORE_SHEETS.dropped, CORE_SHEETS.about].join(', ')],
    [ABOUT_WORDS.version[lang], version],
  ];
}

/**
 * The semantic-core workbook (issue 27, section 3) as it is written: "Ядро - Core", "Минус-слова - Negative
 * keywords", "Отброшено - Dropped", "О данных - About". Every table sheet's title row names the source first when
 * it is the demo (`демо-данные`). Streamed: rows go to ExcelJS's streaming writer a page at a time, with yields.
 */
export async function* streamCoreWorkbook(input: CoreWorkbookInput): AsyncGenerator<Uint8Array> {
  const title = titleLine(input.facts);
  const { lang } = input.facts;
  // The sheet's own name early in its title (a long title runs past the first printed page): after the demo words.
  const sheetTitle = (name: string) => {
    const word = name.split(' - ')[lang === 'ru' ? 0 : 1]!;
    const [first, ...rest] = title.split(' · ');
    return input.facts.source === 'demo' ? [first, word, ...rest].join(' · ') : `${word} · ${title}`;
  };
  const sheets = [
    await coreSheet(input, title),
    await negativeSheet(input, sheetTitle(CORE_SHEETS.negative)),
    await droppedSheet(input, sheetTitle(CORE_SHEETS.dropped)),
  ];
  yield* streamWorkbook(sheets, { name: CORE_SHEETS.about, rows: aboutOf(input) });
}
