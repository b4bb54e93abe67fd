import { invalidField } from '../domain/errors.js';
import { deriveMatchTypeSeries, type ExtraMatchType, matchTypePhrase } from '../domain/match-types.js';
import { MAX_PHRASE_LENGTH, characterCount } from '../domain/requests/fields.js';
import type { SourceCall } from '../domain/source-call.js';
import type { TopQuery } from '../domain/types.js';
import type { ServiceContext } from './context.js';
import { getTop, toTopQuery } from './top.js';

/** One month of a keyword's figures (newest first in a result). */
export interface MonthlyVolume {
  year: number;
  /** 1–12. */
  month: number;
  searchVolume: number;
}

/** A match type's figures for one keyword. */
export interface MatchTypeVolume {
  /** Rounded mean of the newest 12 of `monthlySearches`: comparable with broad's search_volume. */
  searchVolume: number;
  /** The type's own count over the last 30 days (what Wordstat shows for the operator form). */
  last30Days: number;
  /** The bare phrase's count over the same 30 days (GetTop's totalCount): the other side of `ratio`. Absent in a
   * result stored before issue 24 (its ratio was against broad's newest month). */
  broadLast30Days?: number;
  /** The share applied to broad's months: last30Days ÷ broadLast30Days, capped at 1 (exact also at phrase's). */
  ratio?: number;
  /** Derived from broad's months (Wordstat gives no monthly figures for these operators); newest first. */
  monthlySearches: readonly MonthlyVolume[];
  /** Always `derived` today: the label every face shows with the series. */
  monthlySource: 'derived';
}

export type MatchTypeVolumes = Readonly<Partial<Record<ExtraMatchType, MatchTypeVolume>>>;

/**
 * The GetTop request that counts `phrase` in a match type: the operator form, one row (only totalCount is read,
 * and a cached answer for more rows serves it, see wider-top.ts). `field` names the keyword in the error when the
 * operators make the phrase longer than the source takes.
 */
export function matchTypeTopQuery(ctx: ServiceContext, phrase: string, type: ExtraMatchType, regions: readonly number[], field: string): TopQuery {
  const wrapped = matchTypePhrase(phrase, type);
  if (characterCount(wrapped) > MAX_PHRASE_LENGTH) {
    throw invalidField(field, `${field} is longer than ${MAX_PHRASE_LENGTH} characters as ${type} match (${wrapped.slice(0, 20)}…)`);
  }
  return toTopQuery(ctx, { phrase: wrapped, numPhrases: 1, regions });
}

/**
 * The GetTop request that counts the bare phrase over the same 30 days as the types: the other side of every
 * type's ratio. One row, so /v2/stats/top's cached answer for the phrase (any size) serves it.
 */
export function bareTopQuery(ctx: ServiceContext, phrase: string, regions: readonly number[]): TopQuery {
  return toTopQuery(ctx, { phrase, numPhrases: 1, regions });
}

/** The source calls of `types` for one keyword: the bare phrase's GetTop, then one GetTop each (none without types). */
export function matchTypeCalls(
  ctx: ServiceContext,
  phrase: string,
  types: readonly ExtraMatchType[],
  regions: readonly number[],
  field: string,
): SourceCall[] {
  if (types.length === 0) return [];
  return [
    { method: 'top', query: bareTopQuery(ctx, phrase, regions) },
    ...types.map((type): SourceCall => ({ method: 'top', query: matchTypeTopQuery(ctx, phrase, type, regions, field) })),
  ];
}

/**
 * Each asked type's figures: the bare phrase's GetTop, then one GetTop per type, one call at a time (the caller's
 * concurrency bounds keywords, not types). Each type's share is its count over the bare phrase's count in the
 * same 30 days (deriveMatchTypeSeries). Exact is capped at phrase's share when both are asked: `"!a !b"` is a
 * subset of `"a b"`.
 */
export async function measureMatchTypes(
  ctx: ServiceContext,
  phrase: string,
  types: readonly ExtraMatchType[],
  regions: readonly number[],
  broadNewestFirst: readonly MonthlyVolume[],
): Promise<MatchTypeVolumes> {
  const volumes: Partial<Record<ExtraMatchType, MatchTypeVolume>> = {};
  if (types.length === 0) return volumes;
  const broadOldestFirst = broadNewestFirst.map((m) => m.searchVolume).reverse();
  const bare = await getTop(ctx, { phrase, numPhrases: 1, regions });
  let phraseRatio = 1;
  for (const type of types) {
    const last30Days = await matchTypeCount(ctx, phrase, type, regions);
    const derived = deriveMatchTypeSeries(broadOldestFirst, last30Days, bare.totalCount, type === 'exact' ? phraseRatio : 1);
    if (type === 'phrase') phraseRatio = derived.ratio;
    // derived.monthly is oldest first, as broadOldestFirst: month i of the newest-first list is its entry last − i.
    const last = derived.monthly.length - 1;
    const monthlySearches = broadNewestFirst.map((m, i) => Object.freeze({ year: m.year, month: m.month, searchVolume: derived.monthly[last - i]! }));
    volumes[type] = Object.freeze({
      searchVolume: meanOfNewest(monthlySearches, 12),
      last30Days,
      broadLast30Days: bare.totalCount,
      ratio: derived.ratio,
      monthlySearches: Object.freeze(monthlySearches),
      monthlySource: 'derived' as const,
    });
  }
  return Object.freeze(volumes);
}

/**
 * A match type's own count of `phrase` over the last 30 days: the GetTop of matchTypeTopQuery (the same call and
 * cache entry search_volume's match types make; core_clean's `measure` asks exactly this).
 */
export async function matchTypeCount(ctx: ServiceContext, phrase: string, type: ExtraMatchType, regions: readonly number[]): Promise<number> {
  return (await getTop(ctx, { phrase: matchTypePhrase(phrase, type), numPhrases: 1, regions })).totalCount;
}

/** Rounded mean of the first `n` months of a newest-first list (0 for none). */
export function meanOfNewest(newestFirst: readonly MonthlyVolume[], n: number): number {
  const months = newestFirst.slice(0, n);
  if (months.length === 0) return 0;
  return Math.round(months.reduce((sum, m) => sum + m.searchVolume, 0) / months.length);
}
