import type { TableLang } from './table.js';

/**
 * The words of the semantic-core workbook (issue 27, section 3) in both languages: sheet names, headers, noise
 * classes, verdicts and reasons. A specialist hands this file to a client, so no code is left as a code.
 */

/** Sheet names: both languages in each (either reader finds a sheet), ` - ` because Excel forbids `/` in a name. */
export const CORE_SHEETS = {
  core: 'Ядро - Core',
  negative: 'Минус-слова - Negative keywords',
  dropped: 'Отброшено - Dropped',
  about: 'О данных - About',
  /** With sheet_per_cluster: the phrases in no cluster, and the clusters past the bound of sheets. */
  unclustered: 'Без кластера - Unclustered',
  otherClusters: 'Прочие кластеры - Other',
} as const;

type Words = Record<string, Record<TableLang, string>>;

export const CORE_HEADERS = {
  phrase: { ru: 'Фраза', en: 'Phrase' },
  group: { ru: 'Группа (неявные дубли)', en: 'Group (implicit duplicates)' },
  verdict: { ru: 'Решение', en: 'Verdict' },
  reason: { ru: 'Причина', en: 'Reason' },
  noise: { ru: 'Классы шума', en: 'Noise classes' },
  // The match type first, then what the figure is: a header wraps at the space, never inside «!точная».
  broad: { ru: 'Широкое (частотность)', en: 'Broad (volume)' },
  phraseVolume: { ru: '«Фраза» (частотность)', en: '"Phrase" (volume)' },
  exact: { ru: '«!Точная» (частотность)', en: '"!Exact" (volume)' },
  order: { ru: '[Порядок] (частотность)', en: '[Order] (volume)' },
  month: { ru: 'Широкое', en: 'Broad' },
  peak: { ru: 'Пиковый месяц', en: 'Peak month' },
  index: { ru: 'Индекс сезонности (пик ÷ среднее)', en: 'Seasonality index (peak ÷ mean)' },
  yoy: { ru: 'Год к году, %', en: 'Year over year, %' },
  trend: { ru: 'Тренд', en: 'Trend' },
  crossMinus: { ru: 'Кросс-минус слова', en: 'Cross-minus words' },
  region: { ru: 'Регион', en: 'Region' },
  negative: { ru: 'Минус-слово', en: 'Negative keyword' },
  cls: { ru: 'Класс шума', en: 'Noise class' },
  use: { ru: 'Как использовать', en: 'How to use' },
  removesCount: { ru: 'Убирает фраз', en: 'Phrases it removes' },
  removes: { ru: 'Какие фразы убирает', en: 'Which phrases it removes' },
  duplicateOf: { ru: 'Дубль фразы', en: 'Duplicate of' },
  cluster: { ru: 'Кластер (маркер)', en: 'Cluster (marker)' },
  movedFrom: { ru: 'Перенесено из кластера', en: 'Moved from cluster' },
  originalVerdict: { ru: 'Исходный вердикт (сервиса)', en: "Original verdict (the service's)" },
  commerciality: { ru: 'Коммерциализация (0–100)', en: 'Commerciality (0–100)' },
  intentClass: { ru: 'Тип запроса', en: 'Query class' },
  geoDependent: { ru: 'Геозависимость', en: 'Geo-dependent' },
  kei: { ru: 'KEI', en: 'KEI' },
} satisfies Words;

export const INTENT_CLASSES: Words = {
  informational: { ru: 'информационный', en: 'informational' },
  mixed: { ru: 'смешанный', en: 'mixed' },
  commercial: { ru: 'коммерческий', en: 'commercial' },
};

/** The marks the specialist's edits carry on the sheet, and what a row of no cluster says in the cluster column. */
export const MARK_WORDS = {
  unclustered: { ru: 'без кластера', en: 'unclustered' },
  yes: { ru: 'да', en: 'yes' },
  no: { ru: 'нет', en: 'no' },
  edited: { ru: 'Решение изменено специалистом. Решение сервиса', en: 'Verdict edited by the specialist. The service\'s verdict' },
  moved: { ru: 'перенесено из', en: 'moved from' },
  clusterSheet: { ru: 'Кластер', en: 'Cluster' },
} satisfies Words;

export const NOISE_CLASSES: Words = {
  free: { ru: 'бесплатно / скачать', en: 'free / download' },
  diy: { ru: 'своими руками', en: 'do it yourself' },
  informational: { ru: 'информационный', en: 'informational' },
  reviews: { ru: 'отзывы / форум', en: 'reviews / forum' },
  jobs: { ru: 'вакансии / работа', en: 'jobs' },
  second_hand: { ru: 'б/у', en: 'second-hand' },
  adult: { ru: 'для взрослых', en: 'adult' },
  geo: { ru: 'другой город', en: 'another city' },
  geo_nearby: { ru: 'соседний город региона', en: 'a nearby place of the region' },
  geo_route: { ru: 'маршрут', en: 'route' },
  zero_exact: { ru: '«!точная» = 0', en: '"!exact" = 0' },
};

export const VERDICTS: Words = {
  keep: { ru: 'оставить', en: 'keep' },
  review: { ru: 'проверить', en: 'review' },
  drop: { ru: 'убрать', en: 'drop' },
};

/** How a negative keyword of each verdict is meant to be used. */
export const NEGATIVE_USE: Words = {
  drop: { ru: 'вставить в минус-слова', en: 'paste as a negative keyword' },
  review: { ru: 'решить вручную', en: 'decide by hand' },
  rejected: { ru: 'не подходит для Директа', en: 'not valid in Direct' },
};

export const TREND_CLASSES: Words = {
  growing: { ru: 'растёт', en: 'growing' },
  stable: { ru: 'стабилен', en: 'stable' },
  falling: { ru: 'падает', en: 'falling' },
  seasonal: { ru: 'сезонный', en: 'seasonal' },
};

/** A reason tag of core_clean (clean, duplicate, empty, zero_exact, noise:<class>) in words. */
export function reasonWords(reason: string, lang: TableLang): string {
  if (reason.startsWith('noise:')) return `${lang === 'ru' ? 'шум' : 'noise'}: ${NOISE_CLASSES[reason.slice(6)]?.[lang] ?? reason.slice(6)}`;
  const words: Words = {
    clean: { ru: 'чистая фраза', en: 'clean' },
    duplicate: { ru: 'неявный дубль', en: 'implicit duplicate' },
    empty: { ru: 'нет значимых слов', en: 'no meaningful words' },
    zero_exact: { ru: 'никто не вводит её точно («!точная» = 0)', en: 'nobody types it as such ("!exact" = 0)' },
  };
  return words[reason]?.[lang] ?? reason;
}

export const ABOUT_WORDS = {
  title: { ru: 'Семантическое ядро', en: 'Semantic core' },
  figures: {
    ru: 'Частотности и помесячные ряды — те, что прислал клиент вместе с фразами: сервис для этого файла ничего не измерял. Пустая ячейка: число не прислано.',
    en: 'Volumes and monthly series are the ones the client sent with the phrases: the service measured nothing for this file. An empty cell: no figure was sent.',
  },
  figuresLabel: { ru: 'Откуда числа', en: 'Where the figures come from' },
  cleaning: {
    ru: 'Дубли, шум и решения — очистка core_clean: леммы (словарь OpenCorpora), списки шума и правила порядка слов из data/core/, города из справочника регионов. Решение — подсказка, не удаление: решает специалист.',
    en: 'Duplicates, noise and verdicts are core_clean\'s: lemmas (the OpenCorpora dictionary), the noise lists and word-order rules of data/core/, places from the region catalogue. A verdict is advice, not a deletion: the specialist decides.',
  },
  cleaningLabel: { ru: 'Очистка', en: 'Cleaning' },
  counts: { ru: 'Фразы', en: 'Phrases' },
  addressable: { ru: 'Адресный спрос (сумма оставленных, дубли один раз)', en: 'Addressable volume (kept phrases, duplicates once)' },
  version: { ru: 'Версия сервиса', en: 'Service version' },
  sheets: { ru: 'Листы', en: 'Sheets' },
  marksLabel: { ru: 'Отметки', en: 'Marks' },
  editedMark: {
    ru: 'Жёлтая ячейка решения с примечанием: решение специалиста отличается от решения сервиса (столбец «Исходный вердикт») — сервис заново очистил те же фразы с тем же регионом и частотностями и сравнил.',
    en: "A yellow verdict cell with a note: the specialist's verdict differs from the service's (column \"Original verdict\"): the service cleaned the same phrases with the same region and volumes again and compared.",
  },
  movedMark: {
    ru: 'Голубая ячейка кластера с примечанием: специалист перенёс фразу из другого кластера (столбец «Перенесено из кластера»).',
    en: 'A light-blue cluster cell with a note: the specialist moved the phrase from another cluster (column "Moved from cluster").',
  },
  clustersLabel: { ru: 'Кластеры', en: 'Clusters' },
  clusters: {
    ru: 'Группировка core_clusters по общим URL в выдаче Яндекса: строка маркера (жирным) первой, остальные фразы кластера с отступом под ней; фразы без кластера — в конце.',
    en: "core_clusters' grouping by the URLs phrases share in Yandex results: the marker's row (bold) first, the cluster's other phrases indented under it; phrases of no cluster last.",
  },
  intentLabel: { ru: 'Интент', en: 'Intent' },
  intent: {
    ru: 'Коммерциализация, тип запроса, геозависимость и KEI — из ответа core_intent (определения в docs/intent.md): коммерциализация 0–100 = 100 × (0,6 × доля магазинов + 0,4 × доля коммерческих заголовков в топ-10); информационный ниже 30, коммерческий от 70; геозависимый — меньше половины URL топ-10 совпадает с регионом сравнения; KEI = частотность² ÷ найдено документов.',
    en: "Commerciality, class, geo-dependence and KEI are core_intent's answer (definitions in docs/intent.md): commerciality 0–100 = 100 × (0.6 × shop share + 0.4 × commercial-title share of the top 10); informational below 30, commercial from 70; geo-dependent when less than half of the top-10 URLs are shared with the comparison region; KEI = volume² ÷ documents found.",
  },
  otherClusters: {
    ru: 'Кластеров больше, чем листов (не более 250): у самых крупных — свои листы, самые мелкие собраны на листе «Прочие кластеры».',
    en: 'More clusters than sheets (at most 250): the largest have sheets of their own, the smallest share the sheet "Прочие кластеры - Other".',
  },
} satisfies Words;
