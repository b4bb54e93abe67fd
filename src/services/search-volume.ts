import { canonicalPhrase } from '../domain/source-call.js';
import {
  clampCompetition,
  type CompetitionLevel,
  competitionLevel,
  cpcForVolume,
} from '../domain/keyword-metrics.js';
import type { ResolvedLocation } from '../domain/location-codes.js';
import { DEFAULT_LANGUAGE_CODE, normalizeKeywords } from '../domain/requests/keyword-data.js';
import { type CompetitionEstimator, noCompetitionEstimator } from '../ports/competition.js';
import { DEFAULT_SOURCE_CONCURRENCY, type ServiceContext } from './context.js';
import { planLiveCalls } from './quota-check.js';
import type { SourceCall } from '../domain/source-call.js';
import { DomainError, type ErrorCode } from '../domain/errors.js';
import { type KeywordForm, type KeywordFormName, keywordFormOf } from '../domain/keyword-form.js';
import { type ExtraMatchType, extraMatchTypes, type MatchType } from '../domain/match-types.js';
import type { Seasonality } from '../domain/seasonality.js';
import { DEFAULT_HISTORY_MONTHS, type HistoryMonths } from './keyword-history.js';
import { type FormMeasure, keywordFigureCalls, measureKeywordFigures } from './keyword-form-volume.js';
import { type LocationInput, resolveLocation } from './location.js';
import { type MatchTypeVolumes, type MonthlyVolume, matchTypeCalls, measureMatchTypes } from './match-type-volumes.js';
import { createSingleFlight } from '../domain/single-flight.js';

export type { MatchTypeVolume, MatchTypeVolumes, MonthlyVolume } from './match-type-volumes.js';
export type { FormMeasure } from './keyword-form-volume.js';

export interface SearchVolumeParams extends LocationInput {
  keywords: readonly string[];
  languageCode?: string | undefined;
  /** Name of the keyword list in error messages: `keywords` (REST, the default) or e.g. `phrases` (GraphQL). */
  field?: string | undefined;
  /** Most keywords accepted: MAX_KEYWORDS (100) live; a task passes MAX_TASK_KEYWORDS. */
  maxKeywords?: number | undefined;
  /** Match types measured besides broad (one GetTop call each per keyword); none by default. */
  matchTypes?: readonly ExtraMatchType[] | undefined;
  /** Months of history: 12 (default) or 24. */
  historyMonths?: HistoryMonths | undefined;
}

/** What a keyword's figures are asked with, besides its phrase and location. */
export interface VolumeOptions {
  matchTypes: readonly ExtraMatchType[];
  historyMonths: HistoryMonths;
}

/** One keyword's volume figures: the /v1 search_volume item and the GraphQL `Keyword`, before presenting. */
export interface KeywordVolume {
  /** Exactly as sent. */
  keyword: string;
  /** As sent (or the default), even when unknown and computed as Russia; a location_name's region's code. */
  locationCode: number;
  /**
   * True when location_code was unknown and the figures are Russia's (spec rule 1). Absent in results stored
   * before it existed: those computed every code outside the table as Russia (see locationFellBack).
   */
  locationFallback?: boolean;
  languageCode: string;
  /** Rounded mean of the newest 12 of `monthlySearches`. */
  searchVolume: number;
  /** In [0, 1]; null when the estimator has no estimate. */
  competition: number | null;
  competitionLevel: CompetitionLevel | null;
  cpc: number;
  /** The last 12 (or 24) completed months, newest first. Read-only: shared by every hit of the same cached answer. */
  monthlySearches: readonly MonthlyVolume[];
  /** The asked match types' figures (broad is the fields above). */
  matchTypes: MatchTypeVolumes;
  /** Seasonality and trend of `monthlySearches`. */
  seasonality: Seasonality | null;
  /** The form the keyword is written in (its own operators); absent in a result stored before issue 24: broad. */
  form?: KeywordFormName;
  /** How a keyword written in another form than broad was measured; null (or absent) for broad. */
  formMeasure?: FormMeasure | null;
}

/**
 * A keyword the source itself refused (Wordstat's INVALID_ARGUMENT, e.g. operators it cannot read): its own entry
 * in the answer, beside the other keywords' figures, instead of failing the whole list (issue 24, item 4).
 */
export interface KeywordVolumeError {
  keyword: string;
  locationCode: number;
  /** As on KeywordVolume: true when an unknown location_code was computed as Russia. */
  locationFallback?: boolean;
  languageCode: string;
  form: KeywordFormName;
  error: { code: ErrorCode; field: string; message: string };
}

/** One entry of a search_volume answer, in the order sent. */
export type KeywordVolumeEntry = KeywordVolume | KeywordVolumeError;

export const isKeywordVolumeError = (entry: KeywordVolumeEntry): entry is KeywordVolumeError => 'error' in entry && entry.error !== undefined;

export interface SearchVolumeDeps {
  competition: CompetitionEstimator;
}

/**
 * Volume figures for 1..100 keywords: one source call per distinct keyword (monthly dynamics over the
 * default 12-month window and the location's region, the very query /v2 dynamics makes, so the two share a cache
 * entry; 24 months when asked), plus the bare phrase's GetTop and one GetTop per asked match type, at most
 * `ctx.concurrency` keywords at once. A keyword written with operators is measured as its form
 * (keyword-form-volume.ts). A keyword the source refuses is its own error entry; any other source failure
 * fails the whole request: no partial result.
 */
export async function getSearchVolume(
  ctx: ServiceContext,
  params: SearchVolumeParams,
  deps: SearchVolumeDeps,
): Promise<KeywordVolumeEntry[]> {
  // Validate every keyword before the first call: a bad 57th keyword must not cost 56 calls.
  const phrases = normalizeKeywords(params.keywords, params.field, params.maxKeywords);
  const location = resolveLocation(ctx.catalog, params);
  const options = volumeOptionsOf(params);
  await planLiveCalls(ctx, searchVolumeCalls(ctx, phrases, location, options, params.field), { operation: 'search_volume' });
  const measure = createMeasurer(ctx, location, params.languageCode, options, deps);
  const field = params.field ?? 'keywords';
  const refused = { locationCode: location.code, locationFallback: location.fallback, languageCode: params.languageCode };
  return mapWithConcurrency(phrases, ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY, (phrase, i) =>
    measure(params.keywords[i]!, phrase).catch((error: unknown) => refusedEntry(error, refused, params.keywords[i]!, phrase, `${field}[${i}]`)),
  );
}

/**
 * A keyword's entry when the source refused it (INVALID_FIELD from a source call: every field was checked before
 * the first call); any other failure is rethrown and fails the request as before.
 */
function refusedEntry(
  error: unknown,
  params: { locationCode: number; locationFallback: boolean; languageCode?: string | undefined },
  keyword: string,
  phrase: string,
  field: string,
): KeywordVolumeError {
  const refusal = sourceRefusal(error);
  if (!refusal) throw error;
  return {
    keyword,
    locationCode: params.locationCode,
    locationFallback: params.locationFallback,
    languageCode: params.languageCode ?? DEFAULT_LANGUAGE_CODE,
    form: keywordFormOf(phrase).form,
    error: { code: refusal.code, field, message: `${field}: ${refusal.message}` },
  };
}

/**
 * The source's refusal of a call (INVALID_FIELD), as thrown on a live route or wrapped by a task's source (whose
 * error keeps it as its cause); undefined for anything else.
 */
function sourceRefusal(error: unknown): DomainError | undefined {
  // The innermost refusal: a task's wrapper restates it with the keyword, but the item names the keyword already,
  // and a task's item must read exactly as the live route's.
  let refusal: DomainError | undefined;
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    if (e instanceof DomainError) {
      if (e.code !== 'INVALID_FIELD') break;
      refusal = e;
    }
  }
  return refusal;
}

/** The options of a search_volume body (REST, MCP and tasks share its schema). */
export function bodyVolumeOptions(body: { match_types?: readonly MatchType[] | undefined; history_months?: HistoryMonths | undefined }) {
  return { matchTypes: extraMatchTypes(body.match_types), historyMonths: body.history_months };
}

/** The options with their defaults: no extra match type, 12 months. */
export function volumeOptionsOf(params: Pick<SearchVolumeParams, 'matchTypes' | 'historyMonths'>): VolumeOptions {
  return { matchTypes: params.matchTypes ?? [], historyMonths: params.historyMonths ?? DEFAULT_HISTORY_MONTHS };
}

/**
 * The source calls search_volume makes for these (normalised) phrases: a broad keyword's monthly dynamics call,
 * and with match types the bare phrase's GetTop and one per type; a keyword in another form, its own calls
 * (keywordFigureCalls; match types do not apply to it). Throws INVALID_FIELD naming `field[i]` for a keyword too
 * long in some form.
 */
export function searchVolumeCalls(
  ctx: ServiceContext,
  phrases: readonly string[],
  location: ResolvedLocation | LocationInput,
  options: VolumeOptions = volumeOptionsOf({}),
  field = 'keywords',
): SourceCall[] {
  const regions = [resolvedOf(ctx, location).regionId];
  return phrases.flatMap((phrase, i): SourceCall[] => {
    const form = keywordFormOf(phrase);
    return [
      ...keywordFigureCalls(ctx, form, regions, options.historyMonths, `${field}[${i}]`),
      ...matchTypeCalls(ctx, phrase, matchTypesFor(form, options.matchTypes), regions, `${field}[${i}]`),
    ];
  });
}

/**
 * The match types measured for a keyword: the asked ones for a broad keyword; none for a keyword written in a
 * form of its own (its operators already say what is counted; `"a" ` as phrase match would be `""a""`).
 */
export function matchTypesFor(form: KeywordForm, asked: readonly ExtraMatchType[]): readonly ExtraMatchType[] {
  return form.form === 'broad' ? asked : [];
}

/** A location already resolved, or the request's fields resolved now. */
function resolvedOf(ctx: ServiceContext, location: ResolvedLocation | LocationInput): ResolvedLocation {
  return 'regionId' in location ? location : resolveLocation(ctx.catalog, location);
}

function createMeasurer(
  ctx: ServiceContext,
  location: ResolvedLocation,
  language: string | undefined,
  options: VolumeOptions,
  deps: SearchVolumeDeps,
) {
  const locationCode = location.code;
  const languageCode = language ?? DEFAULT_LANGUAGE_CODE;
  const regions = [location.regionId];
  // A keyword repeated in one request is estimated once (the per-request loader already dedupes its source call).
  const estimates = createSingleFlight<string, number | null>({ keepSettled: true });
  const estimate = (phrase: string | undefined) => {
    if (phrase === undefined) return Promise.resolve(null);
    return estimates.run(canonicalPhrase(phrase), () => estimateCompetition(deps, phrase, regions, ctx.source.noteInput));
  };

  return async (keyword: string, phrase: string): Promise<KeywordVolume> => {
    const form = keywordFormOf(phrase);
    // Competition is the base phrase's (what an advertiser's ads match); none without one (`a | b`).
    const pendingCompetition = estimate(form.base);
    const figures = await measureKeywordFigures(ctx, form, regions, options.historyMonths);
    const { searchVolume, monthlySearches, seasonality } = figures;
    const matchTypes = await measureMatchTypes(ctx, phrase, matchTypesFor(form, options.matchTypes), regions, monthlySearches);
    // Competition is an extra: once the volumes are here (at once on a cache hit), it gets COMPETITION_GRACE_MS
    // more, else the answer goes without it (null) while the search goes on and is cached for the next request.
    const competition = await withinGrace(pendingCompetition, COMPETITION_GRACE_MS, () => ctx.source.noteInput?.(Number.NEGATIVE_INFINITY));
    return {
      keyword,
      locationCode,
      locationFallback: location.fallback,
      languageCode,
      searchVolume,
      competition,
      competitionLevel: competitionLevel(competition),
      cpc: cpcForVolume(searchVolume),
      monthlySearches,
      matchTypes,
      seasonality,
      form: figures.form,
      formMeasure: figures.measure,
    };
  };
}

/** How long an answer whose volumes are ready waits for its competition estimate. */
export const COMPETITION_GRACE_MS = 250;

/** `pending`'s value if it settles within `ms`, else null (it keeps running). */
function withinGrace(pending: Promise<number | null>, ms: number, onLate: () => void): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      onLate();
      resolve(null);
    }, ms);
    timer.unref();
  });
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}

/**
 * A phrase's competition in [0, 1], or null: competition is an extra, so an estimator failure means "no estimate".
 * `noteInput` hears until when the estimate's stored page is fresh; -Infinity for a failure or an estimate from
 * an estimator that does not say (an answer built on it is not kept for later hits).
 */
export function estimateCompetition(
  deps: SearchVolumeDeps,
  phrase: string,
  regions: readonly number[],
  noteInput?: (freshUntil: number) => void,
): Promise<number | null> {
  let told = false;
  const seen = (freshUntil: number) => {
    told = true;
    noteInput?.(freshUntil);
  };
  return deps.competition.estimate(phrase, regions, seen).then(
    (estimate) => {
      if (!told && deps.competition !== noCompetitionEstimator) noteInput?.(Number.NEGATIVE_INFINITY);
      return clampCompetition(estimate);
    },
    () => {
      noteInput?.(Number.NEGATIVE_INFINITY);
      return null;
    },
  );
}

/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping the order. On the first failure no
 * further call is started (calls are quota) and the whole map rejects with that failure. Hand-built rather than
 * p-limit: on a cache hit it costs a quarter of what p-limit does (bench/limiter.bench.ts, bench/README.md).
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
