import { canonicalPhrase } from '../domain/source-call.js';
import {
  clampCompetition,
  type CompetitionLevel,
  competitionLevel,
  cpcForVolume,
} from '../domain/keyword-metrics.js';
import type { ResolvedLocation } from '../domain/location-codes.js';
import { DEFAULT_LANGUAGE_CODE, normalizeKeywords } from '../domain/requests/keyword-data.js';
import type { CompetitionEstimator } from '../ports/competition.js';
import { DEFAULT_SOURCE_CONCURRENCY, type ServiceContext } from './context.js';
import { createDerivedMemo } from './derived-memo.js';
import { type Dynamics, type DynamicsParams, getDynamics, toDynamicsQuery } from './dynamics.js';
import { planLiveCalls } from './quota-check.js';
import type { SourceCall } from '../domain/source-call.js';
import type { DynamicsPoint } from '../domain/types.js';
import { type ExtraMatchType, extraMatchTypes, type MatchType } from '../domain/match-types.js';
import type { Seasonality } from '../domain/seasonality.js';
import { DEFAULT_HISTORY_MONTHS, type HistoryMonths, historyWindow } from './keyword-history.js';
import { type LocationInput, resolveLocation } from './location.js';
import { type MatchTypeVolumes, type MonthlyVolume, matchTypeCalls, meanOfNewest, measureMatchTypes } from './match-type-volumes.js';

export type { MatchTypeVolume, MatchTypeVolumes, MonthlyVolume } from './match-type-volumes.js';

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
}

export interface SearchVolumeDeps {
  competition: CompetitionEstimator;
}

/**
 * Volume figures for 1..100 keywords: one source call per distinct keyword (monthly dynamics over the
 * default 12-month window and the location's region, the very query /v2 dynamics makes, so the two share a cache
 * entry; 24 months when asked), plus one GetTop per asked match type, at most `ctx.concurrency` keywords at once.
 * Any source failure fails the whole request: no partial result.
 */
export async function getSearchVolume(
  ctx: ServiceContext,
  params: SearchVolumeParams,
  deps: SearchVolumeDeps,
): Promise<KeywordVolume[]> {
  // Validate every keyword before the first call: a bad 57th keyword must not cost 56 calls.
  const phrases = normalizeKeywords(params.keywords, params.field, params.maxKeywords);
  const location = resolveLocation(ctx.catalog, params);
  const options = volumeOptionsOf(params);
  await planLiveCalls(ctx, searchVolumeCalls(ctx, phrases, location, options, params.field), { operation: 'search_volume' });
  const measure = createMeasurer(ctx, location, params.languageCode, options, deps);
  return mapWithConcurrency(phrases, ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY, (phrase, i) =>
    measure(params.keywords[i]!, phrase),
  );
}

/** The options of a search_volume body (REST, MCP and tasks share its schema). */
export function bodyVolumeOptions(body: { match_types?: readonly MatchType[] | undefined; history_months?: HistoryMonths | undefined }) {
  return { matchTypes: extraMatchTypes(body.match_types), historyMonths: body.history_months };
}

/** The options with their defaults: no extra match type, 12 months. */
export function volumeOptionsOf(params: Pick<SearchVolumeParams, 'matchTypes' | 'historyMonths'>): VolumeOptions {
  return { matchTypes: params.matchTypes ?? [], historyMonths: params.historyMonths ?? DEFAULT_HISTORY_MONTHS };
}

/** The monthly dynamics request of a keyword's broad figures: the history window over the location's regions. */
function monthlyVolumeParams(ctx: ServiceContext, phrase: string, regions: readonly number[], historyMonths: HistoryMonths): DynamicsParams {
  return { phrase, period: 'PERIOD_MONTHLY', regions, ...historyWindow(ctx.today, historyMonths) };
}

/** That request as the plan counts it. */
export function monthlyVolumeQuery(ctx: ServiceContext, phrase: string, regions: readonly number[], historyMonths: HistoryMonths) {
  return toDynamicsQuery(ctx, monthlyVolumeParams(ctx, phrase, regions, historyMonths));
}

/** A keyword's broad figures: its monthly dynamics call (cached, coalesced) and what follows from the series. */
export async function measureMonthlyVolume(ctx: ServiceContext, phrase: string, regions: readonly number[], historyMonths: HistoryMonths) {
  return monthlyVolumeOf(await getDynamics(ctx, monthlyVolumeParams(ctx, phrase, regions, historyMonths)));
}

/**
 * The source calls search_volume makes for these (normalised) phrases: one monthly dynamics call each, and one
 * GetTop per asked match type. Throws INVALID_FIELD naming `field[i]` for a keyword too long in some type.
 */
export function searchVolumeCalls(
  ctx: ServiceContext,
  phrases: readonly string[],
  location: ResolvedLocation | LocationInput,
  options: VolumeOptions = volumeOptionsOf({}),
  field = 'keywords',
): SourceCall[] {
  const regions = [resolvedOf(ctx, location).regionId];
  return phrases.flatMap((phrase, i): SourceCall[] => [
    { method: 'dynamics', query: monthlyVolumeQuery(ctx, phrase, regions, options.historyMonths) },
    ...matchTypeCalls(ctx, phrase, options.matchTypes, regions, `${field}[${i}]`),
  ]);
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
  const estimates = new Map<string, Promise<number | null>>();
  const estimate = (phrase: string) => {
    const key = canonicalPhrase(phrase);
    let pending = estimates.get(key);
    if (!pending) {
      pending = estimateCompetition(deps, phrase, regions);
      estimates.set(key, pending);
    }
    return pending;
  };

  return async (keyword: string, phrase: string): Promise<KeywordVolume> => {
    const pendingCompetition = estimate(phrase);
    const { searchVolume, monthlySearches, seasonality } = await measureMonthlyVolume(ctx, phrase, regions, options.historyMonths);
    const matchTypes = await measureMatchTypes(ctx, phrase, options.matchTypes, regions, monthlySearches);
    // Competition is an extra: once the volumes are here (at once on a cache hit), it gets COMPETITION_GRACE_MS
    // more, else the answer goes without it (null) while the search goes on and is cached for the next request.
    const competition = await withinGrace(pendingCompetition, COMPETITION_GRACE_MS);
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
    };
  };
}

interface MonthlyFigures {
  monthlySearches: readonly MonthlyVolume[];
  searchVolume: number;
  seasonality: Seasonality | null;
}

/** A cached series' monthly figures, kept with the (shared, frozen) series (see derived-memo.ts). */
const monthlyFigures = createDerivedMemo<readonly DynamicsPoint[], MonthlyFigures>();

/**
 * The volume figures of a phrase's monthly dynamics: the months newest first, the rounded mean of the newest 12,
 * and the series' seasonality (computed with the series, dynamics.ts). Read-only: every hit of the same cached answer shares them.
 */
export function monthlyVolumeOf(dynamics: Dynamics): MonthlyFigures {
  return monthlyFigures(dynamics.results, '', (points) => toMonthlyFigures(points, dynamics.seasonality));
}

function toMonthlyFigures(points: readonly DynamicsPoint[], seasonality: Seasonality | null): MonthlyFigures {
  const monthlySearches = points
    .map((point) =>
      Object.freeze({
        year: Number(point.date.slice(0, 4)),
        month: Number(point.date.slice(5, 7)),
        searchVolume: point.count,
      }),
    )
    .reverse();
  return Object.freeze({ monthlySearches: Object.freeze(monthlySearches), searchVolume: meanOfNewest(monthlySearches, 12), seasonality });
}

/** How long an answer whose volumes are ready waits for its competition estimate. */
export const COMPETITION_GRACE_MS = 250;

/** `pending`'s value if it settles within `ms`, else null (it keeps running). */
function withinGrace(pending: Promise<number | null>, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
    timer.unref();
  });
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}

/** A phrase's competition in [0, 1], or null: competition is an extra, so an estimator failure means "no estimate". */
export function estimateCompetition(deps: SearchVolumeDeps, phrase: string, regions: readonly number[]): Promise<number | null> {
  return deps.competition.estimate(phrase, regions).then(clampCompetition, () => null);
}

/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping the order. On the first failure no
 * further call is started (calls are quota) and the whole map rejects with that failure.
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
