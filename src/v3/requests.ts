import {
  checkLocationFields,
  DEFAULTS,
  invalidField,
  isCalendarDate,
  LIMITS,
  monthsKept,
  resolveStrictLocation,
  checkText,
  type RequestContext,
} from './core-operations.js';
import type { MonthRange } from './presenters.js';

/**
 * The /v3 request fields that are the format's own (location by name or code, language, dates, partners): each
 * is honoured or refused with 40501 naming it, never accepted and ignored. The fields shared with /v1 (keywords,
 * match types, history) are checked by /v1's schema through core-operations.ts.
 */

/** The languages the face lists: Wordstat counts every query of a region whatever its language (docs/v3.md). */
export const LANGUAGES: readonly { name: string; code: string }[] = [
  { name: 'Russian', code: 'ru' },
  { name: 'English', code: 'en' },
  { name: 'Ukrainian', code: 'uk' },
  { name: 'Belarusian', code: 'be' },
  { name: 'Kazakh', code: 'kk' },
  { name: 'Uzbek', code: 'uz' },
  { name: 'Turkish', code: 'tr' },
];

export type Body = Record<string, unknown>;

/** Most seeds of one keywords_for_keywords or keyword_ideas task (the format's own bound). */
export const MAX_SEEDS = 20;

/** A task of the posted array as an object (40501 naming it otherwise). */
export function asTaskObject(value: unknown, field = 'body'): Body {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidField(field, `${field}: each task must be a JSON object`, 'wrong_type');
  return value as Body;
}

/** language_code / language_name → a listed language's code (default ru); one that is not listed is refused. */
export function resolveLanguage(body: Body): string {
  const code = body.language_code === undefined ? undefined : checkText('language_code', 35, body.language_code);
  const name = body.language_name === undefined ? undefined : checkText('language_name', 100, body.language_name);
  const byCode = code === undefined ? undefined : LANGUAGES.find((l) => l.code === code.trim().toLowerCase());
  if (code !== undefined && !byCode) throw invalidField('language_code', `language_code "${code}" is not a listed language; see GET /v3/keywords_data/google_ads/languages`, 'unknown_value', { value: code.slice(0, 40) });
  const byName = name === undefined ? undefined : LANGUAGES.find((l) => l.name.toLowerCase() === name.trim().toLowerCase());
  if (name !== undefined && !byName) throw invalidField('language_name', `language_name "${name}" is not a listed language; see GET /v3/keywords_data/google_ads/languages`, 'unknown_value', { value: name.slice(0, 40) });
  if (byCode && byName && byCode !== byName) throw invalidField('language_name', `language_name "${name}" and language_code "${code}" name different languages: send one of them`);
  return (byCode ?? byName)?.code ?? DEFAULTS.languageCode;
}

/** The format's fields this server cannot honour: refused when asked for, never ignored. */
export function refuseUnservable(body: Body): void {
  if (body.search_partners !== undefined && body.search_partners !== false) {
    throw invalidField('search_partners', 'search_partners: Wordstat has no partner-network figures; send false or leave it out');
  }
  if (body.location_coordinate !== undefined) {
    throw invalidField('location_coordinate', 'location_coordinate: Wordstat figures are by region; send location_code or location_name');
  }
}

/** Labs fields that would page, filter, order or add data this server does not have: refused when asked for. */
export function refuseLabsUnservable(body: Body): void {
  refuseUnservable(body);
  const asked = (value: unknown) => value !== undefined && value !== null && value !== false && value !== 0 && !(Array.isArray(value) && value.length === 0);
  for (const field of ['offset', 'offset_token', 'filters', 'order_by', 'include_serp_info', 'include_clickstream_data', 'exact_match', 'closely_variants', 'ignore_synonyms', 'replace_with_core_keyword'] as const) {
    if (asked(body[field])) throw invalidField(field, `${field} is not served on this server (docs/v3.md): leave it out; rows come in the source's order, at most limit of them`);
  }
}

/** The orders sort_by may ask for: the source's (relevance) or by a figure we have, largest first. */
export const SORTS = ['relevance', 'search_volume', 'competition_index'] as const;
export type SortBy = (typeof SORTS)[number];

/** sort_by of a Google Ads task: relevance (as sent / as the source ranks them) unless asked otherwise; bids have no figures. */
export function sortByOf(body: Body): SortBy {
  if (body.sort_by === undefined) return 'relevance';
  const sort = SORTS.find((s) => s === body.sort_by);
  if (!sort) throw invalidField('sort_by', `sort_by must be one of ${SORTS.join(', ')} (bids have no figures here)`, 'unknown_value', { value: String(body.sort_by).slice(0, 40) });
  return sort;
}

/** Rows in the asked order: relevance keeps them; a figure sorts largest first, nulls last (a stable sort). */
export function sortRows<R extends { search_volume: number | null; competition_index: number | null }>(rows: R[], sort: SortBy): R[] {
  if (sort === 'relevance') return rows;
  return [...rows].sort((a, b) => (b[sort] ?? -1) - (a[sort] ?? -1));
}

/** location_code / location_name resolved over the region catalogue (unknown → 40501, no fallback). */
export function resolveBodyLocation(scope: Pick<RequestContext, 'catalog'>, body: Body) {
  const fields = checkLocationFields(body);
  return resolveStrictLocation(scope, { locationCode: fields.location_code, locationName: fields.location_name });
}

/**
 * date_from / date_to → the months of monthly_searches, within what the source keeps (the last 24 completed
 * months); outside → 40501 naming the field. Also says how many months the figures must be asked for.
 */
export function resolveDates(scope: Pick<RequestContext, 'today'>, body: Body): { range: MonthRange | undefined; historyMonths: 12 | 24 | undefined } {
  if (body.date_from === undefined && body.date_to === undefined) return { range: undefined, historyMonths: undefined };
  const kept = monthsKept(scope);
  const month = (field: 'date_from' | 'date_to', fallback: string) => {
    const value = body[field];
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !isCalendarDate(value)) throw invalidField(field, `${field} must be a date as YYYY-MM-DD`, 'wrong_type');
    const m = value.slice(0, 7);
    if (m < kept.oldest || m > kept.newest) {
      throw invalidField(field, `${field} ${value} is outside the months the source keeps: ${kept.oldest} to ${kept.newest}`, 'out_of_range', { earliest: `${kept.oldest}-01` });
    }
    return m;
  };
  const from = month('date_from', kept.oldestDefault);
  const to = month('date_to', kept.newest);
  if (from > to) throw invalidField('date_from', `date_from (${from}) is after date_to (${to})`);
  return { range: { from, to }, historyMonths: from < kept.oldestDefault ? LIMITS.historyMonths : undefined };
}

/** tag: a short text echoed in `data` and in tasks_ready. */
export function tagOf(body: Body): string | undefined {
  return body.tag === undefined ? undefined : checkText('tag', LIMITS.tagLength, body.tag);
}

/**
 * What a /v3 task keeps with its request (the task service's TaskPresentation) to present its rows as its live
 * route would have: the months date_from/date_to chose, the order sort_by asked, and those fields as sent (echoed
 * in `data`). `face` marks the task as /v3's, so its postback is the format's task_get body.
 */
export type V3Presentation = {
  face: 'v3';
  months?: MonthRange;
  sort_by: SortBy;
  sent: Body;
};

/** A stored task's /v3 presentation, or undefined for a task posted through another face. */
export function presentationOf(request: Readonly<Record<string, unknown>>): V3Presentation | undefined {
  const kept = request.presentation as Partial<V3Presentation> | undefined;
  return kept?.face === 'v3' ? (kept as V3Presentation) : undefined;
}

/** The format fields of a task_post body that shape its result: checked now (40501 naming the field), kept for task_get. */
export function taskPresentation(scope: Pick<RequestContext, 'today'>, body: Body): { presentation: V3Presentation; historyMonths: 12 | 24 | undefined } {
  const dates = resolveDates(scope, body);
  const sort = sortByOf(body);
  const sent = Object.fromEntries((['date_from', 'date_to', 'sort_by'] as const).filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
  return { presentation: { face: 'v3', ...(dates.range ? { months: dates.range } : {}), sort_by: sort, sent }, historyMonths: dates.historyMonths };
}
