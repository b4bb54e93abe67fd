import type { PhraseCount } from '../../domain/types.js';
import type { PhraseCounter } from './phrase-counter.js';
import type { PhraseParams } from './phrase-model.js';
import { containingCandidates, similarCandidates, type Candidate } from './top-candidates.js';

/**
 * GetTop's lists. Every row is a phrase with its own count, from the same counter as a phrase's totalCount
 * (phrase-counter.ts): so the count of "купить ноутбук" in the top of "ноутбук" is the totalCount of
 * "купить ноутбук", for any region filter and device set.
 */

const compare = (a: PhraseCount, b: PhraseCount) =>
  b.count - a.count || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0);

/** A query's filter: regions (none = everywhere) and a device mask. */
export interface TopFilter {
  regions: readonly number[];
  mask: readonly [boolean, boolean, boolean];
}

/** Up to `limit` candidates with their counts under the filter, zero counts left out, sorted by count. */
function rank(list: readonly Candidate[], counter: PhraseCounter, filter: TopFilter, limit: number): PhraseCount[] {
  if (limit <= 0) return [];
  if (filter.regions.length === 0 && filter.mask.every(Boolean)) {
    // Unfiltered counts are the volumes, by which the list is already sorted.
    return list.slice(0, limit).map((c) => ({ phrase: c.phrase, count: c.volume.volume30 }));
  }
  const rows: PhraseCount[] = [];
  for (const c of list) {
    const count = counter.count(c.volume, filter.regions, filter.mask);
    if (count > 0) rows.push({ phrase: c.phrase, count });
  }
  return rows.sort(compare).slice(0, limit);
}

/**
 * GetTop's `results`: the phrase itself with the total, then queries containing it with their own counts
 * (never above the total: more words, same core), sorted by count, at most `limit` rows, zero counts left
 * out (so rare phrases have few rows).
 */
export function topResults(
  params: PhraseParams,
  counter: PhraseCounter,
  filter: TopFilter,
  totalCount: number,
  limit: number,
): PhraseCount[] {
  if (totalCount <= 0 || limit <= 0) return [];
  if (limit === 1) return [{ phrase: params.phrase, count: totalCount }]; // no need to build the candidates
  const rows = rank(containingCandidates(params), counter, filter, limit - 1);
  return [{ phrase: params.phrase, count: totalCount }, ...rows];
}

/** GetTop's `associations`: similar queries with their own counts, sorted by count, at most `limit`. */
export function topAssociations(
  params: PhraseParams,
  counter: PhraseCounter,
  filter: TopFilter,
  totalCount: number,
  limit: number,
): PhraseCount[] {
  if (totalCount <= 0 || limit <= 0) return [];
  return rank(similarCandidates(params), counter, filter, limit);
}
