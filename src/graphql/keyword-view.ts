import { locationFellBack, type RegionLookup, storedRegionFilter } from '../domain/location-codes.js';
import { DEFAULT_LANGUAGE_CODE } from '../domain/requests/keyword-data.js';
import { canonicalPhrase } from '../domain/source-call.js';
import { DEFAULT_SOURCE_CONCURRENCY, type ServiceContext } from '../services/context.js';
import { keywordDataOf } from '../services/keyword-data-deps.js';
import { EXTRA_MATCH_TYPES, type ExtraMatchType } from '../domain/match-types.js';
import type { Seasonality } from '../domain/seasonality.js';
import { DEFAULT_HISTORY_MONTHS, type HistoryMonths } from '../services/keyword-history.js';
import { type LocationInput, resolveLocation } from '../services/location.js';
import { measureMatchTypes } from '../services/match-type-volumes.js';
import { DomainError, invalidField } from '../domain/errors.js';
import { type KeywordFormName, keywordFormOf } from '../domain/keyword-form.js';
import { type FormMeasure, measureKeywordFigures } from '../services/keyword-form-volume.js';
import {
  estimateCompetition,
  isKeywordVolumeError,
  type KeywordVolumeEntry,
  type KeywordVolumeError,
  matchTypesFor,
  type MatchTypeVolumes,
  type MonthlyVolume,
} from '../services/search-volume.js';
import { createCallLimit } from './call-limit.js';
import { createSingleFlight } from '../domain/single-flight.js';

/** The figures of one keyword that come from its monthly dynamics (one source call). */
export interface VolumeFigures {
  searchVolume: number;
  monthlySearches: readonly MonthlyVolume[];
  seasonality: Seasonality | null;
  /** How a keyword in another form than broad was measured; null for broad. */
  measure: FormMeasure | null;
}

/**
 * A `Keyword` as GraphQL resolves it: who it is at once, each figure only when a selected field asks for it.
 * `{ keyword { dynamics(period: WEEKLY) { trend } } }` makes the weekly call and nothing else; the monthly
 * call is made (once, however many fields read it) only for searchVolume, cpc or monthlySearches.
 */
export interface KeywordView {
  /** Exactly as sent. */
  keyword: string;
  locationCode: number;
  /** True when locationCode was unknown and the figures are Russia's (spec rule 1). */
  locationFallback: boolean;
  /** The region filter of the keyword's figures and of its nested views. */
  regions: readonly number[];
  languageCode: string;
  /** The form the keyword is written in (its own operators). */
  form: KeywordFormName;
  volume(): Promise<VolumeFigures>;
  /** The asked match types (besides broad), in a fixed order. */
  askedMatchTypes: readonly ExtraMatchType[];
  /** Their figures: the volume call, then one GetTop per asked type (none when none is asked). */
  matchTypes(): Promise<MatchTypeVolumes>;
  /** In [0, 1]; null when the estimator has no estimate. */
  competition(): Promise<number | null>;
}

/** Calls `make` the first time the returned function is called, and hands back the same promise after. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= make());
}

export interface KeywordViewsParams extends LocationInput {
  /** As sent, one per keyword. */
  keywords: readonly string[];
  /** The same keywords normalised (the resolver has checked them). */
  phrases: readonly string[];
  languageCode?: string | undefined;
  matchTypes?: readonly ExtraMatchType[] | undefined;
  historyMonths?: HistoryMonths | undefined;
  /** The argument's name in errors: `phrases` (its index added) or `phrase`. */
  field?: string | undefined;
}

/**
 * Views of the keywords of one `keyword`/`keywords` field, reading what search_volume reads (the monthly
 * dynamics call over the location's region, and the competition estimate), so the numbers are /v1's. Their
 * monthly calls share one limit of `ctx.concurrency` calls at once, and once one fails no queued one starts
 * (calls are quota, and the field fails whole anyway); a phrase repeated in the list is estimated once.
 */
export function keywordViews(ctx: ServiceContext, params: KeywordViewsParams): KeywordView[] {
  const location = resolveLocation(ctx.catalog, params, { code: 'locationCode', name: 'locationName' });
  const languageCode = params.languageCode ?? DEFAULT_LANGUAGE_CODE;
  const regions = [location.regionId];
  const limit = createCallLimit(ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY);
  const deps = keywordDataOf(ctx);
  // One estimate per keyword of the request, kept for the request (see search-volume.ts).
  const estimates = createSingleFlight<string, number | null>({ keepSettled: true });
  const estimate = (phrase: string | undefined) => {
    if (phrase === undefined) return Promise.resolve(null);
    return estimates.run(canonicalPhrase(phrase), () => estimateCompetition(deps, phrase, regions));
  };
  const historyMonths = params.historyMonths ?? DEFAULT_HISTORY_MONTHS;
  const askedMatchTypes = params.matchTypes ?? [];
  return params.phrases.map((phrase, i) => {
    const form = keywordFormOf(phrase);
    const field = params.field === 'phrase' ? 'phrase' : `${params.field ?? 'phrases'}[${i}]`;
    const volume = once(() => limit.run(() => measureKeywordFigures(ctx, form, regions, historyMonths)).catch((error: unknown) => refused(error, field)));
    const matchTypesOfKeyword = matchTypesFor(form, askedMatchTypes);
    return {
      keyword: params.keywords[i]!,
      locationCode: location.code,
      locationFallback: location.fallback,
      regions,
      languageCode,
      form: form.form,
      volume,
      askedMatchTypes: matchTypesOfKeyword,
      matchTypes: once(async () => {
        const { monthlySearches } = await volume();
        return limit.run(() => measureMatchTypes(ctx, phrase, matchTypesOfKeyword, regions, monthlySearches));
      }),
      competition: once(() => estimate(form.base)),
    };
  });
}

/**
 * A keyword the source refused: its own error, naming it (the Keyword is null in the list, the others answered);
 * any other failure as it was.
 */
function refused(error: unknown, field: string): never {
  if (error instanceof DomainError && error.code === 'INVALID_FIELD' && error.field === undefined) {
    throw invalidField(field, `${field}: ${error.message}`);
  }
  throw error;
}

/**
 * A view of figures already computed (a finished search_volume task); its nested views use their region; a
 * refused keyword's figures are its error.
 */
export function keywordViewOf(entry: KeywordVolumeEntry, catalog: RegionLookup): KeywordView {
  if (isKeywordVolumeError(entry)) return refusedView(entry, catalog);
  const volume = entry;
  const figures: VolumeFigures = {
    searchVolume: volume.searchVolume,
    monthlySearches: volume.monthlySearches,
    seasonality: volume.seasonality ?? null,
    measure: volume.formMeasure ?? null,
  };
  // A result stored before match types and seasonality existed has neither.
  const matchTypes = volume.matchTypes ?? {};
  return {
    keyword: volume.keyword,
    locationCode: volume.locationCode,
    locationFallback: locationFellBack(volume),
    regions: storedRegionFilter(volume, catalog),
    languageCode: volume.languageCode,
    form: volume.form ?? 'broad',
    volume: () => Promise.resolve(figures),
    askedMatchTypes: EXTRA_MATCH_TYPES.filter((type) => matchTypes[type]),
    matchTypes: () => Promise.resolve(matchTypes),
    competition: () => Promise.resolve(volume.competition),
  };
}

/** A stored keyword the source refused: every figure read fails with its error (naming it), as it did live. */
function refusedView(entry: KeywordVolumeError, catalog: RegionLookup): KeywordView {
  const fail = () => Promise.reject(invalidField(entry.error.field, entry.error.message));
  return {
    keyword: entry.keyword,
    locationCode: entry.locationCode,
    locationFallback: locationFellBack(entry),
    regions: storedRegionFilter(entry, catalog),
    languageCode: entry.languageCode,
    form: entry.form,
    volume: fail,
    askedMatchTypes: [],
    matchTypes: fail,
    competition: () => Promise.resolve(null),
  };
}
