import { CPC_LEVELS } from '../../domain/keyword-metrics.js';
import type { ExtraMatchType } from '../../domain/match-types.js';
import type { TableLang } from './table.js';

/** What a workbook says about its data, beside the table: the facts a client's report needs to cite it. */
export interface FileFacts {
  lang: TableLang;
  /** The source behind the answer: `demo` is written out in words, never left as a code. */
  source: 'demo' | 'wordstat' | 'none';
  /** The operation's key in OPERATION_TITLES (`search_volume`, `dynamics` …). */
  operation: string;
  /** The region(s) the figures are for, in `lang`. */
  region: string;
  /** When the file was made, e.g. `2026-11-26 17:30 (Europe/Moscow)`. */
  collectedAt: string;
  /** The match types asked besides broad (their definitions and the derivation rule are given when any). */
  matchTypes: readonly ExtraMatchType[];
  /** True when the table has a `cpc` column: the CPC table is given. */
  hasCpc: boolean;
  /** Further facts, one line each, in `lang` (e.g. an unknown location_code computed as Russia). */
  notes: readonly string[];
}

const OPERATION_TITLES: Record<string, Record<TableLang, string>> = {
  search_volume: { ru: 'Частотность ключевых слов', en: 'Keyword search volume' },
  suggestions: { ru: 'Подсказки ключевых слов', en: 'Keyword suggestions' },
  locations: { ru: 'Спрос по регионам', en: 'Demand by region' },
  top: { ru: 'Популярные и похожие запросы', en: 'Top and similar queries' },
  dynamics: { ru: 'Динамика спроса', en: 'Demand over time' },
  regions: { ru: 'Спрос по регионам', en: 'Demand by region' },
  region_search: { ru: 'Поиск регионов', en: 'Region search' },
  core_workbook: { ru: 'Семантическое ядро', en: 'Semantic core' },
};

const SOURCE_WORDS: Record<FileFacts['source'], Record<TableLang, { short: string; long: string }>> = {
  demo: {
    ru: { short: 'демо-данные', long: 'демо-данные: встроенная модель спроса, а не статистика Яндекса. Для отчёта клиенту не годятся.' },
    en: { short: 'demo data', long: 'demo data: a built-in model of search demand, not Yandex statistics. Not for a client report.' },
  },
  wordstat: {
    ru: { short: 'Яндекс Вордстат', long: 'Яндекс Вордстат (Yandex Cloud Search API)' },
    en: { short: 'Yandex Wordstat', long: 'Yandex Wordstat (Yandex Cloud Search API)' },
  },
  none: {
    ru: { short: 'источник не настроен', long: 'источник не настроен' },
    en: { short: 'no source configured', long: 'no source configured' },
  },
};

const MATCH_TYPE_DEFINITIONS: Record<'broad' | ExtraMatchType, Record<TableLang, string>> = {
  broad: {
    ru: 'Широкое (фраза без операторов): все запросы, где есть эти слова в любой форме, и с другими словами.',
    en: 'Broad (the phrase without operators): every query holding these words in any form, other words allowed.',
  },
  phrase: {
    ru: '«Фраза» ("w1 w2"): только эти слова, в любой форме и любом порядке, без других слов.',
    en: '"Phrase" ("w1 w2"): only these words, in any form and order, no other words.',
  },
  exact: {
    ru: '«!Точная» ("!w1 !w2"): только эти слова и ровно в этих формах.',
    en: '"!Exact" ("!w1 !w2"): only these words, in exactly these forms.',
  },
  order: {
    ru: '[Порядок] ([w1 w2]): эти слова в этом порядке, другие слова допускаются.',
    en: '[Order] ([w1 w2]): these words in this order, other words allowed.',
  },
};

const DERIVATION: Record<TableLang, string> = {
  ru:
    'Помесячный ряд типа соответствия рассчитан, а не получен: Вордстат отдаёт помесячную динамику только для ' +
    'широкого соответствия. Месяц типа = месяц широкого × (число запросов типа за 30 дней ÷ число запросов ' +
    'фразы без операторов за те же 30 дней); оба числа — из GetTop за одни и те же 30 дней. Частотность типа — ' +
    'среднее его последних 12 рассчитанных месяцев. Сезонность ряд наследует от широкого.',
  en:
    'A match type\'s monthly series is derived, not measured: Wordstat gives monthly figures for broad match only. ' +
    'Type month = broad month × (the type\'s 30-day count ÷ the bare phrase\'s count over the same 30 days); both ' +
    'counts are GetTop totals over the same 30 days. The type\'s volume is the mean of its newest 12 derived months. ' +
    'The series inherits broad\'s seasonality.',
};

const CPC_TEXT: Record<TableLang, string> = {
  ru:
    'CPC — не ставка рекламодателя: в Вордстате нет данных о ставках. Это грубая оценка по уровню средней ' +
    'месячной частотности (таблица ниже), в денежных единицах оператора сервиса; не показывайте её клиенту как цену клика.',
  en:
    'CPC is not an advertiser\'s bid: Wordstat has no bid data. It is a coarse estimate by the level of the average ' +
    'monthly volume (table below), in the service operator\'s currency units; do not show it to a client as a click price.',
};

const HEADINGS = {
  about: { ru: 'О данных', en: 'About the data' },
  table: { ru: 'Таблица', en: 'Table' },
  source: { ru: 'Источник', en: 'Source' },
  region: { ru: 'Регион', en: 'Region' },
  collected: { ru: 'Дата выгрузки', en: 'Collected' },
  matchTypes: { ru: 'Типы соответствия', en: 'Match types' },
  derived: { ru: 'Расчёт помесячных рядов типов', en: 'Derived monthly series' },
  cpc: { ru: 'CPC', en: 'CPC' },
  cpcVolume: { ru: 'Средняя частотность в месяц', en: 'Average monthly volume' },
  cpcValue: { ru: 'Оценка CPC', en: 'CPC estimate' },
  notes: { ru: 'Примечания', en: 'Notes' },
} as const;

/** `2026-11-26 17:30 (Europe/Moscow)`: when a file was made, by the service's own clock and time zone. */
export function collectedAt(now: number, timeZone: string): string {
  const text = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(now);
  return `${text} (${timeZone})`;
}

/** The title of a table's sheet: what, where, when, and from which source (`демо-данные` when demo). */
export function titleLine(facts: FileFacts): string {
  const what = OPERATION_TITLES[facts.operation]?.[facts.lang] ?? facts.operation;
  const source = SOURCE_WORDS[facts.source][facts.lang].short;
  // Demo figures say so first: a reader who sees only the top-left corner must not take them for Wordstat's.
  const parts = facts.source === 'demo' ? [source, what, facts.region, facts.collectedAt] : [what, facts.region, facts.collectedAt, source];
  return parts.filter(Boolean).join(' · ');
}

/** The sheet "О данных / About", as rows of cells: a label in column A, its value in B (C for the CPC table). */
export function aboutRows(facts: FileFacts): (string | number)[][] {
  const { lang } = facts;
  const rows: (string | number)[][] = [
    [HEADINGS.about[lang]],
    [HEADINGS.table[lang], OPERATION_TITLES[facts.operation]?.[lang] ?? facts.operation],
    [HEADINGS.source[lang], SOURCE_WORDS[facts.source][lang].long],
    [HEADINGS.region[lang], facts.region],
    [HEADINGS.collected[lang], facts.collectedAt],
  ];
  // The core workbook has every match type's column (filled when the client sent that figure).
  if (facts.operation === 'search_volume' || facts.operation === 'core_workbook') {
    rows.push([], [HEADINGS.matchTypes[lang], MATCH_TYPE_DEFINITIONS.broad[lang]]);
    for (const type of ['phrase', 'exact', 'order'] as const) {
      rows.push(['', MATCH_TYPE_DEFINITIONS[type][lang] + (facts.matchTypes.includes(type) ? '' : lang === 'ru' ? ' (не запрошен)' : ' (not asked)')]);
    }
    rows.push([HEADINGS.derived[lang], DERIVATION[lang]]);
  }
  if (facts.hasCpc) {
    rows.push([], [HEADINGS.cpc[lang], CPC_TEXT[lang]], ['', HEADINGS.cpcVolume[lang], HEADINGS.cpcValue[lang]]);
    CPC_LEVELS.forEach((level, i) => {
      const next = CPC_LEVELS[i + 1];
      const range = next ? (next.minVolume - 1 > level.minVolume ? `${fmt(level.minVolume)} – ${fmt(next.minVolume - 1)}` : fmt(level.minVolume)) : `${fmt(level.minVolume)}+`;
      rows.push(['', range, level.cpc]);
    });
  }
  if (facts.notes.length > 0) {
    rows.push([]);
    facts.notes.forEach((note, i) => rows.push([i === 0 ? HEADINGS.notes[lang] : '', note]));
  }
  return rows;
}

const fmt = (n: number) => n.toLocaleString('en-US').replaceAll(',', '\u202f');
