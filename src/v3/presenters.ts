import {
  formatDate,
  isKeywordVolumeError,
  presentSeasonality,
  type KeywordVolume,
  type IntentRow,
  type KeywordVolumeEntry,
  type LocationRow,
  type SuggestionsResult,
  type UsageReport,
} from './core-operations.js';

/**
 * The format's result rows, field for field as the official client's models define them (docs/v3.md says which
 * are Wordstat's figures, which are derived, which are always null). Our extras keep /v1's names and sit where the
 * client's `[key: string]: any` passes them.
 */

interface MonthJson {
  year: number;
  month: number;
  search_volume: number;
}

/** The months of a range (`YYYY-MM`, inclusive); undefined: every month kept. */
export interface MonthRange {
  from: string;
  to: string;
}

const monthKey = (m: { year: number; month: number }) => `${m.year}-${String(m.month).padStart(2, '0')}`;

function presentMonths(months: readonly { year: number; month: number; searchVolume: number }[], range: MonthRange | undefined): MonthJson[] {
  return months
    .filter((m) => !range || (monthKey(m) >= range.from && monthKey(m) <= range.to))
    .map((m) => ({ year: m.year, month: m.month, search_volume: m.searchVolume }));
}

/** 0–1 → the Google Ads index 0–100 (an integer), null kept. */
const competitionIndex = (competition: number | null) => (competition === null ? null : Math.round(competition * 100));

/** tasks[].result[] of google_ads/search_volume (live and task_get). */
export function presentGoogleAdsRow(entry: KeywordVolumeEntry, range: MonthRange | undefined) {
  const common = {
    keyword: entry.keyword,
    spell: null,
    location_code: entry.locationCode,
    language_code: entry.languageCode,
    search_partners: false,
  };
  if (isKeywordVolumeError(entry) || entry.locationFallback === true) {
    const error = isKeywordVolumeError(entry)
      ? { status_code: 40501, status_message: entry.error.message, field: entry.error.field }
      : { status_code: 40501, status_message: `location_code ${entry.locationCode} is not a known location (the task was posted through /v1, whose answer is Russia's figures)`, field: 'location_code' };
    return {
      ...common,
      competition: null,
      competition_index: null,
      search_volume: null,
      low_top_of_page_bid: null,
      high_top_of_page_bid: null,
      cpc: null,
      monthly_searches: null,
      keyword_form: entry.form ?? 'broad',
      error,
    };
  }
  const volume: KeywordVolume = entry;
  return {
    ...common,
    competition: volume.competitionLevel,
    competition_index: competitionIndex(volume.competition),
    search_volume: volume.searchVolume,
    low_top_of_page_bid: null,
    high_top_of_page_bid: null,
    cpc: volume.cpc,
    monthly_searches: presentMonths(volume.monthlySearches, range),
    ...presentExtras(volume),
  };
}

/** /v1's extras under their /v1 names: match types (when asked), seasonality, the keyword's form. */
function presentExtras(volume: KeywordVolume) {
  const types = volume.matchTypes ?? {};
  return {
    search_volume_phrase: types.phrase?.searchVolume ?? null,
    search_volume_exact: types.exact?.searchVolume ?? null,
    search_volume_order: types.order?.searchVolume ?? null,
    seasonality: presentSeasonality(volume.seasonality ?? null),
    keyword_form: volume.form ?? 'broad',
  };
}

/** tasks[].result[] of google_ads/keywords_for_keywords: one flat row per related phrase (its 30-day count). */
export function presentRelatedRows(result: SuggestionsResult, locationCode: number, languageCode: string) {
  return result.items.map((item) => ({
    keyword: item.keyword,
    spell: null,
    location_code: locationCode,
    language_code: languageCode,
    search_partners: false,
    competition: null,
    competition_index: null,
    search_volume: item.searchVolume,
    low_top_of_page_bid: null,
    high_top_of_page_bid: null,
    cpc: item.cpc,
    monthly_searches: null,
    seed_keyword: result.seedKeyword,
  }));
}

/** Percent change of the newest month against `back` months before it (newest first), null without the data. */
function change(months: readonly MonthJson[], back: number): number | null {
  const newest = months[0];
  const before = months[back];
  if (!newest || !before || before.search_volume === 0) return null;
  return Math.round(((newest.search_volume - before.search_volume) / before.search_volume) * 100);
}

/** The Labs `keyword_info` of a keyword with its months (search_volume) or with its 30-day count only (related phrases). */
function presentKeywordInfo(
  figures: { searchVolume: number; competition: number | null; competitionLevel: string | null; cpc: number; months: readonly MonthJson[] | null },
  now: Date,
) {
  return {
    se_type: 'google',
    last_updated_time: formatDate(now),
    competition: figures.competition,
    competition_level: figures.competitionLevel,
    cpc: figures.cpc,
    search_volume: figures.searchVolume,
    low_top_of_page_bid: null,
    high_top_of_page_bid: null,
    categories: null,
    monthly_searches: figures.months,
    search_volume_trend: figures.months ? { monthly: change(figures.months, 1), quarterly: change(figures.months, 3), yearly: change(figures.months, 12) } : null,
  };
}

/** A Labs item (`KeywordDataInfo`) of a related phrase: its 30-day count, no months. */
export function presentLabsItem(item: SuggestionsResult['items'][number], locationCode: number, languageCode: string, now: Date) {
  return {
    se_type: 'google',
    keyword: item.keyword,
    location_code: locationCode,
    language_code: languageCode,
    keyword_info: presentKeywordInfo({ searchVolume: item.searchVolume, competition: null, competitionLevel: null, cpc: item.cpc, months: null }, now),
    keyword_properties: null,
    serp_info: null,
    avg_backlinks_info: null,
    search_intent_info: null,
  };
}

/** A Labs item of a keyword measured by search_volume (its months, competition and trend). */
export function presentLabsVolumeItem(entry: KeywordVolumeEntry, now: Date) {
  if (isKeywordVolumeError(entry)) {
    return { se_type: 'google', keyword: entry.keyword, location_code: entry.locationCode, language_code: entry.languageCode, keyword_info: null, error: { status_code: 40501, status_message: entry.error.message, field: entry.error.field } };
  }
  return {
    se_type: 'google',
    keyword: entry.keyword,
    location_code: entry.locationCode,
    language_code: entry.languageCode,
    keyword_info: presentKeywordInfo(
      { searchVolume: entry.searchVolume, competition: entry.competition, competitionLevel: entry.competitionLevel, cpc: entry.cpc, months: presentMonths(entry.monthlySearches, undefined) },
      now,
    ),
    keyword_properties: null,
    serp_info: null,
    avg_backlinks_info: null,
    search_intent_info: null,
  };
}

/** tasks[].result[] of google_ads/locations. */
export function presentLocation(row: LocationRow) {
  return {
    location_code: row.code,
    location_name: row.name,
    location_code_parent: row.parentCode,
    country_iso_code: row.countryIsoCode || null,
    location_type: row.type,
  };
}

/** The caller's account as appendix/user_data has it: login, time zone, money spent; no balance (keys have none). */
export function presentUserData(login: string, timeZone: string, usage: UsageReport | undefined, prices: { call: number; repeat: number }) {
  return {
    login,
    timezone: timeZone,
    rates: null,
    money: { total: usage?.totals.spend ?? null, balance: null, limits: null, statistics: null },
    price: null,
    // Extras: what this server has instead of a balance.
    usage: usage && { from: usage.from, to: usage.to, calls: usage.totals.calls, hits: usage.totals.hits, errors: usage.totals.errors, spend: usage.totals.spend },
    prices: { call: prices.call, repeat: prices.repeat },
  };
}


/** One organic result in the format's SERP item shape. */
export interface SerpOrganicItem {
  type: 'organic';
  rank_group: number;
  rank_absolute: number;
  position: 'left';
  domain: string;
  title: string;
  /** The snippet (the result's passages or headline in the engine's XML), null when the page has none. */
  description: string | null;
  url: string;
  breadcrumb: null;
}

/**
 * A Yandex results page as the format's `serp/.../organic/live/advanced` result: the keyword's page with its
 * organic items (rank_group among organic results, rank_absolute among all items: the same here, the page holds
 * organic results only) and the engine's document count. The format itself offers no Yandex results.
 */
export function presentSerpOrganic(
  page: { foundDocs: number; results: readonly { position: number; url: string; domain: string; title: string; snippet?: string | null | undefined }[] },
  at: { keyword: string; locationCode: number; regionId: number; languageCode: string; device: string; datetime: string },
) {
  const items: SerpOrganicItem[] = page.results.map((r) => ({
    type: 'organic',
    rank_group: r.position,
    rank_absolute: r.position,
    position: 'left',
    domain: r.domain,
    title: r.title,
    description: r.snippet ?? null,
    url: r.url,
    breadcrumb: null,
  }));
  return {
    keyword: at.keyword,
    type: 'organic',
    se_domain: 'yandex.ru',
    location_code: at.locationCode,
    language_code: at.languageCode,
    device: at.device,
    check_url: `https://yandex.ru/search/?text=${encodeURIComponent(at.keyword)}&lr=${at.regionId}`,
    datetime: at.datetime,
    spell: null,
    item_types: items.length > 0 ? ['organic'] : [],
    se_results_count: page.foundDocs,
    items_count: items.length,
    items,
  };
}

/** The format's search-intent labels this server gives: core_intent measures commerciality only (docs/v3.md). */
type IntentLabel = 'commercial' | 'informational';

/**
 * A Labs search_intent item from core_intent's row of a phrase (docs/v3.md, "search_intent"): the probability of
 * `commercial` is the commerciality ÷ 100, of `informational` its complement; the main label is the likelier one
 * (commercial at a tie), which is the row's class when it is not mixed. A mixed phrase (commerciality 30–69) has
 * the other label as its secondary intent; a commercial or informational one has none. Navigational and
 * transactional are never given: no figure of core_intent measures them. core_intent's own figures follow
 * under their names.
 */
export function presentSearchIntentItem(row: IntentRow) {
  const commercial = Math.round(row.commerciality) / 100;
  const informational = Math.round(100 - row.commerciality) / 100;
  const likelier: { label: IntentLabel; probability: number } = commercial >= informational ? { label: 'commercial', probability: commercial } : { label: 'informational', probability: informational };
  const other: { label: IntentLabel; probability: number } = likelier.label === 'commercial' ? { label: 'informational', probability: informational } : { label: 'commercial', probability: commercial };
  const { phrase, ...figures } = row;
  return {
    keyword: phrase,
    keyword_intent: likelier,
    secondary_keyword_intents: row.class === 'mixed' ? [other] : null,
    ...figures,
  };
}
