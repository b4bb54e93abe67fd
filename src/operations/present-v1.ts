import type { CompetitionLevel } from '../domain/keyword-metrics.js';
import { LOCATION_FALLBACK_NOTE, locationFellBack } from '../domain/location-codes.js';
import type { KeywordLocations } from '../services/locations.js';
import { EXTRA_MATCH_TYPES, type ExtraMatchType } from '../domain/match-types.js';
import type { Seasonality } from '../domain/seasonality.js';
import type { KeywordFormName } from '../domain/keyword-form.js';
import { taskStatusCode } from './status-codes.js';
import type { OperationUsage, UsageReport, UsageTotals } from '../services/usage.js';
import {
  type FormMeasure,
  isKeywordVolumeError,
  type KeywordVolume,
  type KeywordVolumeEntry,
  type KeywordVolumeError,
  type MatchTypeVolume,
} from '../services/search-volume.js';
import type { SuggestionsResult } from '../services/suggestions.js';

/** tasks[].result[] of /v1/keywords/search_volume, field for field as the keyword-data format has it. */
export interface SearchVolumeItemJson {
  keyword: string;
  location_code: number;
  /**
   * "computed as Russia: unknown location_code" when the code was unknown (spec rule 1: the figures are
   * Russia's, the code is echoed as sent); null otherwise. The X-Location-Fallback header says it on a live
   * answer; this says it in a task's result and in CSV/XLSX files, where no header reaches the reader.
   */
  location_note: string | null;
  language_code: string;
  /** Null only on a keyword the source refused (`error` says why). */
  search_volume: number | null;
  competition: number | null;
  competition_level: CompetitionLevel | null;
  cpc: number | null;
  monthly_searches: readonly MonthlySearchJson[];
  // Extra fields (issue 21): clients of the format ignore fields they do not know.
  /** Mean of the derived months of each match type; null when the type was not asked. */
  search_volume_phrase: number | null;
  search_volume_exact: number | null;
  search_volume_order: number | null;
  /** Per asked match type: its own last-30-days count and its derived months (labelled). */
  match_type_monthly_searches: Partial<Record<ExtraMatchType, MatchTypeSeriesJson>>;
  seasonality: SeasonalityJson | null;
  // Issue 24, item 4: a keyword pasted with Wordstat operators is measured as its form.
  /** The form the keyword is written in: broad (no operator but +), phrase, exact, order, or operators. */
  keyword_form: KeywordFormName;
  /** How a keyword in another form than broad was measured; null for broad. */
  keyword_measure: KeywordMeasureJson | null;
  /** Only on a keyword the source refused: the other keywords are answered. */
  error?: { status_code: number; status_message: string; field: string };
}

interface KeywordMeasureJson {
  /** The phrase Wordstat counted over the last 30 days. */
  measured_as: string;
  last_30_days: number;
  /** `derived`: base_keyword's months × ratio; `none`: no base phrase (`a | b`), no months. */
  monthly_source: 'derived' | 'none';
  base_keyword: string | null;
  base_last_30_days: number | null;
  ratio: number | null;
}

interface MatchTypeSeriesJson {
  source: 'derived';
  last_30_days: number;
  /** The bare phrase's count over the same 30 days; null in a result stored before issue 24. */
  broad_last_30_days: number | null;
  /** The share applied to broad's months (last_30_days ÷ broad_last_30_days, capped); null as above. */
  ratio: number | null;
  monthly_searches: readonly MonthlySearchJson[];
}

export interface SeasonalityJson {
  months: number;
  yoy_change_percent: number | null;
  peak_month: number | null;
  seasonality_index: number | null;
  slope_percent_per_year: number;
  trend_class: Seasonality['trendClass'];
}

interface MonthlySearchJson {
  readonly year: number;
  readonly month: number;
  readonly search_volume: number;
}

/** tasks[].result[0] of /v1/keywords/suggestions. */
export interface SuggestionsResultJson {
  seed_keyword: string;
  /** As in search_volume: the rule-1 note when location_code was unknown, else null. */
  location_note: string | null;
  items: { keyword: string; search_volume: number; competition: number; cpc: number }[];
}

/** tasks[].result[0] of /v1/keywords/locations. */
export interface LocationsResultJson {
  keyword: string;
  items: {
    location_code: number;
    location_name: string;
    location_name_local: string;
    country_code: string;
    search_volume: number;
    share: number;
    affinity_index: number;
  }[];
}

/** One search_volume result item: a keyword's figures, or the source's refusal of it. */
export function presentSearchVolumeItem(entry: KeywordVolumeEntry): SearchVolumeItemJson {
  if (isKeywordVolumeError(entry)) return presentRefusedItem(entry);
  const volume = entry;
  return {
    keyword: volume.keyword,
    location_code: volume.locationCode,
    location_note: locationFellBack(volume) ? LOCATION_FALLBACK_NOTE : null,
    language_code: volume.languageCode,
    search_volume: volume.searchVolume,
    competition: volume.competition,
    competition_level: volume.competitionLevel,
    cpc: volume.cpc,
    monthly_searches: presentMonths(volume.monthlySearches),
    ...presentMatchTypes(volume.matchTypes ?? {}),
    seasonality: presentSeasonality(volume.seasonality ?? null),
    keyword_form: volume.form ?? 'broad',
    keyword_measure: presentFormMeasure(volume.formMeasure ?? null),
  };
}

function presentFormMeasure(measure: FormMeasure | null): KeywordMeasureJson | null {
  if (!measure) return null;
  return {
    measured_as: measure.measuredAs,
    last_30_days: measure.last30Days,
    monthly_source: measure.monthlySource,
    base_keyword: measure.baseKeyword,
    base_last_30_days: measure.baseLast30Days,
    ratio: measure.ratio === null ? null : roundRatio(measure.ratio),
  };
}

/** A refused keyword: every figure null (never a 0 that reads as "no demand"), and the source's reason. */
function presentRefusedItem(entry: KeywordVolumeError): SearchVolumeItemJson {
  return {
    keyword: entry.keyword,
    location_code: entry.locationCode,
    location_note: locationFellBack(entry) ? LOCATION_FALLBACK_NOTE : null,
    language_code: entry.languageCode,
    search_volume: null,
    competition: null,
    competition_level: null,
    cpc: null,
    monthly_searches: [],
    search_volume_phrase: null,
    search_volume_exact: null,
    search_volume_order: null,
    match_type_monthly_searches: {},
    seasonality: null,
    keyword_form: entry.form,
    keyword_measure: null,
    error: { status_code: taskStatusCode(entry.error.code), status_message: entry.error.message, field: entry.error.field },
  };
}

/** The flat per-type volumes and the labelled series (a result stored before match types has none). */
function presentMatchTypes(types: KeywordVolume['matchTypes']) {
  const series: Partial<Record<ExtraMatchType, MatchTypeSeriesJson>> = {};
  for (const type of EXTRA_MATCH_TYPES) {
    const figures = types[type];
    if (figures) series[type] = presentMatchTypeSeries(figures);
  }
  return {
    search_volume_phrase: types.phrase?.searchVolume ?? null,
    search_volume_exact: types.exact?.searchVolume ?? null,
    search_volume_order: types.order?.searchVolume ?? null,
    match_type_monthly_searches: series,
  };
}

/** One derived series with both sides of its ratio, so a reader can check `month = broad month × ratio`. */
function presentMatchTypeSeries(figures: MatchTypeVolume): MatchTypeSeriesJson {
  return {
    source: figures.monthlySource,
    last_30_days: figures.last30Days,
    broad_last_30_days: figures.broadLast30Days ?? null,
    ratio: figures.ratio === undefined ? null : roundRatio(figures.ratio),
    monthly_searches: presentMonths(figures.monthlySearches),
  };
}

/** Six decimals: enough to recompute every month of a series in the millions to the unit. */
const roundRatio = (ratio: number) => Math.round(ratio * 1e6) / 1e6;

/** Seasonality in the format's snake_case (shared by /v1 items and /v2 dynamics). */
export function presentSeasonality(s: Seasonality | null): SeasonalityJson | null {
  if (!s) return null;
  return {
    months: s.months,
    yoy_change_percent: s.yoyChangePercent,
    peak_month: s.peakMonth,
    seasonality_index: s.seasonalityIndex,
    slope_percent_per_year: s.slopePercentPerYear,
    trend_class: s.trendClass,
  };
}

/** Presented months per shared (frozen) monthly series: a cache hit reuses them, and json-bytes their encoding. */
const presentedMonths = new WeakMap<KeywordVolume['monthlySearches'], readonly MonthlySearchJson[]>();

function presentMonths(months: KeywordVolume['monthlySearches']): readonly MonthlySearchJson[] {
  const present = () => months.map((m) => Object.freeze({ year: m.year, month: m.month, search_volume: m.searchVolume }));
  if (!Object.isFrozen(months)) return present();
  let presented = presentedMonths.get(months);
  if (!presented) {
    presented = Object.freeze(present());
    presentedMonths.set(months, presented);
  }
  return presented;
}

/** The one suggestions result object. */
export function presentSuggestions(result: SuggestionsResult): SuggestionsResultJson {
  return {
    seed_keyword: result.seedKeyword,
    location_note: result.locationFallback ? LOCATION_FALLBACK_NOTE : null,
    items: result.items.map((item) => ({
      keyword: item.keyword,
      search_volume: item.searchVolume,
      competition: item.competition,
      cpc: item.cpc,
    })),
  };
}

/** The one locations result object. */
export function presentLocations(result: KeywordLocations): LocationsResultJson {
  return {
    keyword: result.keyword,
    items: result.items.map((item) => ({
      location_code: item.locationCode,
      location_name: item.locationName,
      location_name_local: item.locationNameLocal,
      country_code: item.countryCode,
      search_volume: item.searchVolume,
      share: item.share,
      affinity_index: item.affinityIndex,
    })),
  };
}

const usageTotals = (t: UsageTotals) => ({ calls: t.calls, hits: t.hits, stale: t.stale, errors: t.errors, spend: t.spend });
const usageOperations = (list: OperationUsage[]) => list.map((o) => ({ operation: o.operation, ...usageTotals(o) }));

/** The usage report in the family's snake_case: /v1/usage's one result item. */
export function presentUsage(report: UsageReport) {
  return {
    from: report.from,
    to: report.to,
    time_zone: report.timeZone,
    totals: usageTotals(report.totals),
    days: report.days.map((d) => ({ date: d.date, ...usageTotals(d), operations: usageOperations(d.operations) })),
    operations: usageOperations(report.operations),
  };
}
