import { normalizeDevices, normalizeNumPhrases, normalizePhrase, normalizeRegionFilter } from '../domain/requests/fields.js';
import type { PhraseCount, TopQuery, TopResult } from '../domain/types.js';
import type { ServiceContext } from './context.js';
import { createDerivedMemo } from './derived-memo.js';

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

/** A cached answer's rows, sorted and cut, kept with the answer (see derived-memo.ts). */
const sortedTops = createDerivedMemo<TopResult, TopResult>();

/**
 * Popular queries containing the phrase and similar queries, sorted by count, each at most totalCount.
 * Read-only: the same object may answer every hit of the same cached answer.
 */
export async function getTop(ctx: ServiceContext, params: TopParams): Promise<TopResult> {
  const query = toTopQuery(ctx, params);
  const raw = await ctx.source.top(query);
  return sortedTops(raw, String(query.numPhrases), () => sortTop(raw, query.numPhrases));
}

function sortTop(raw: TopResult, numPhrases: number): TopResult {
  const results = [...raw.results].sort(byCountDesc).slice(0, numPhrases);
  const associations = [...raw.associations].sort(byCountDesc).slice(0, numPhrases);
  // The phrase's own row carries the total; never report a part larger than the whole.
  const totalCount = Math.max(raw.totalCount, results[0]?.count ?? 0);
  return Object.freeze({ totalCount, results: Object.freeze(results), associations: Object.freeze(associations) });
}
