import { normalizeDevices, normalizeNumPhrases, normalizePhrase, normalizeRegionFilter } from '../domain/requests/fields.js';
import type { PhraseCount, TopQuery, TopResult } from '../domain/types.js';
import type { ServiceContext } from './context.js';

export interface TopParams {
  phrase: string;
  numPhrases?: number | undefined;
  regions?: readonly number[] | undefined;
  devices?: string | readonly string[] | undefined;
}

/** Validates and canonicalises a top request (throws INVALID_FIELD naming the field). */
export function toTopQuery(ctx: ServiceContext, params: TopParams): TopQuery {
  return {
    phrase: normalizePhrase(params.phrase, 'phrase'),
    numPhrases: normalizeNumPhrases(params.numPhrases),
    regions: normalizeRegionFilter(params.regions, ctx.catalog),
    devices: normalizeDevices(params.devices),
  };
}

const byCountDesc = (a: PhraseCount, b: PhraseCount) => b.count - a.count || a.phrase.localeCompare(b.phrase);

/** Popular queries containing the phrase and similar queries, sorted by count, each at most totalCount. */
export async function getTop(ctx: ServiceContext, params: TopParams): Promise<TopResult> {
  const query = toTopQuery(ctx, params);
  const raw = await ctx.source.top(query);
  const results = [...raw.results].sort(byCountDesc).slice(0, query.numPhrases);
  const associations = [...raw.associations].sort(byCountDesc).slice(0, query.numPhrases);
  // The phrase's own row carries the total; never report a part larger than the whole.
  const totalCount = Math.max(raw.totalCount, results[0]?.count ?? 0);
  return { totalCount, results, associations };
}
