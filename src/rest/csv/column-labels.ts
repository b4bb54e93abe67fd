import type { CsvCell, CsvTable } from './csv-format.js';
import type { TableLang } from './table-lang.js';

/**
 * Column headers a person reads, by JSON field name. Every figure names what it is and over which window, so a
 * client handed the file does not have to guess: the CPC column says it is an estimate by volume level (there is
 * no bid data in Wordstat), the volumes say they are monthly means over the history's newest 12 months.
 */
const LABELS: Record<string, Record<TableLang, string>> = {
  keyword: { ru: 'Ключевое слово', en: 'Keyword' },
  seed_keyword: { ru: 'Исходное слово', en: 'Seed keyword' },
  location_code: { ru: 'Код региона', en: 'Location code' },
  location_note: { ru: 'Примечание о регионе', en: 'Location note' },
  keyword_form: { ru: 'Форма запроса (операторы)', en: 'Keyword form (operators)' },
  error: { ru: 'Ошибка источника', en: 'Source error' },
  language_code: { ru: 'Язык', en: 'Language' },
  search_volume: { ru: 'Частотность, широкое (в месяц, среднее 12 мес.)', en: 'Volume, broad match (monthly mean of 12 months)' },
  search_volume_phrase: { ru: 'Частотность «фраза» (в месяц, среднее 12 мес.)', en: 'Volume, "phrase" (monthly mean of 12 months)' },
  search_volume_exact: { ru: 'Частотность «!точная» (в месяц, среднее 12 мес.)', en: 'Volume, "!exact" (monthly mean of 12 months)' },
  search_volume_order: { ru: 'Частотность [порядок] (в месяц, среднее 12 мес.)', en: 'Volume, [order] (monthly mean of 12 months)' },
  competition: { ru: 'Конкуренция (0–1)', en: 'Competition (0–1)' },
  competition_level: { ru: 'Уровень конкуренции', en: 'Competition level' },
  cpc: { ru: 'CPC: оценка по уровню частотности (не ставка)', en: 'CPC: estimate by volume level (not a bid)' },
  yoy_change_percent: { ru: 'Год к году, % (12 мес. к 12 предыдущим)', en: 'Year over year, % (12 months vs the 12 before)' },
  peak_month: { ru: 'Пиковый месяц', en: 'Peak month' },
  seasonality_index: { ru: 'Индекс сезонности (пик ÷ среднее)', en: 'Seasonality index (peak ÷ mean)' },
  trend_class: { ru: 'Тренд (по всей истории)', en: 'Trend (over the whole history)' },
  location_name: { ru: 'Регион (англ.)', en: 'Region' },
  location_name_local: { ru: 'Регион', en: 'Region (local name)' },
  country_code: { ru: 'Страна', en: 'Country' },
  share: { ru: 'Доля', en: 'Share' },
  affinity_index: { ru: 'Индекс популярности (100 = средний)', en: 'Affinity index (100 = average)' },
  affinityIndex: { ru: 'Индекс популярности (100 = средний)', en: 'Affinity index (100 = average)' },
  kind: { ru: 'Вид', en: 'Kind' },
  phrase: { ru: 'Запрос', en: 'Query' },
  count: { ru: 'Запросов', en: 'Count' },
  date: { ru: 'Начало периода', en: 'Period start' },
  regionId: { ru: 'Код региона', en: 'Region id' },
  regionName: { ru: 'Регион', en: 'Region (Russian)' },
  regionNameEn: { ru: 'Регион (англ.)', en: 'Region' },
  regionType: { ru: 'Тип региона', en: 'Region type' },
  parentId: { ru: 'Код родителя', en: 'Parent id' },
  parentName: { ru: 'Родительский регион', en: 'Parent region (Russian)' },
  parentNameEn: { ru: 'Родительский регион (англ.)', en: 'Parent region' },
  countryCode: { ru: 'Страна', en: 'Country' },
  source: { ru: 'Откуда', en: 'Source' },
  depth: { ru: 'Глубина', en: 'Depth' },
  parent: { ru: 'Родительский запрос', en: 'Parent query' },
};

/** How each language names the match types in a month column of a derived series. */
const MATCH_TYPE_NAMES: Record<string, Record<TableLang, string>> = {
  phrase: { ru: '«фраза»', en: '"phrase"' },
  exact: { ru: '«!точная»', en: '"!exact"' },
  order: { ru: '[порядок]', en: '[order]' },
};

/** Values a Russian reader should not meet in English (enumerations the API writes as codes). */
const RU_VALUES: Record<string, Record<string, string>> = {
  competition_level: { LOW: 'низкая', MEDIUM: 'средняя', HIGH: 'высокая' },
  keyword_form: { broad: 'широкое', phrase: '«фраза»', exact: '«!точная»', order: '[порядок]', operators: 'с операторами' },
  location_note: { 'computed as Russia: unknown location_code': 'рассчитано по России: неизвестный location_code' },
  trend_class: { growing: 'растёт', stable: 'стабилен', falling: 'падает', seasonal: 'сезонный' },
  kind: { result: 'запрос с фразой', association: 'похожий запрос' },
  source: { seed: 'исходный', top: 'запрос с фразой', association: 'похожий запрос' },
  regionType: { country: 'страна', district: 'округ', region: 'область', city: 'город', other: 'другое' },
};

const MONTH_COLUMN = /^(\d{4}-\d{2})$/;
const TYPE_MONTH_COLUMN = /^(phrase|exact|order)_(\d{4}-\d{2})$/;

/** The header a person reads for a column, in `lang`. */
export function columnLabel(column: string, lang: TableLang): string {
  const month = MONTH_COLUMN.exec(column);
  if (month) return lang === 'ru' ? `Широкое ${month[1]}` : `Broad ${month[1]}`;
  const typeMonth = TYPE_MONTH_COLUMN.exec(column);
  if (typeMonth) return `${MATCH_TYPE_NAMES[typeMonth[1]!]![lang]} ${typeMonth[2]}${lang === 'ru' ? ' (расчёт)' : ' (derived)'}`;
  return LABELS[column]?.[lang] ?? column;
}

/**
 * The table as a person reads it in `lang`: headers from columnLabel and, in Russian, the coded values named in
 * Russian. The field-name table (no lang) is the one programs read and is left as it is.
 */
export function labelTable(table: CsvTable, lang: TableLang | undefined): CsvTable {
  if (!lang) return table;
  return { columns: table.columns.map((column) => columnLabel(column, lang)), rows: labelRows(table.columns, table.rows, lang) };
}

/** Rows of a table with columns `columns` as labelTable shows them (a streamed table's page at a time). */
export function labelRows(columns: readonly string[], rows: readonly CsvCell[][], lang: TableLang | undefined): CsvCell[][] {
  if (lang !== 'ru') return rows as CsvCell[][];
  const translate = columns.map((column) => RU_VALUES[column]);
  return rows.map((row) => row.map((cell, i) => labelValue(translate[i], cell)));
}

/** One cell of `column` as labelTable shows it in `lang`. */
export const labelCell = (column: string, cell: CsvCell, lang: TableLang | undefined): CsvCell =>
  lang === 'ru' ? labelValue(RU_VALUES[column], cell) : cell;

const labelValue = (names: Record<string, string> | undefined, cell: CsvCell): CsvCell =>
  names && typeof cell === 'string' ? (names[cell] ?? cell) : cell;
