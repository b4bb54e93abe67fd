import type { PhraseCount } from '../../domain/types.js';
import type { PhraseCounter } from './phrase-counter.js';
import type { PhraseParams } from './phrase-model.js';
import { keyOf } from './word-forms.js';
import { containingCandidates, similarCandidates, type Candidate } from './top-candidates.js';

/**
 * GetTop's lists. Every row is a phrase with its own count, from the same counter as a phrase's totalCount
 * (phrase-counter.ts): so the count of "купить ноутбук" in the top of "ноутбук" is the totalCount of
 * "купить ноутбук", for any region filter and device set.
 */

const compare = (a: PhraseCount, b: PhraseCount) =>
  b.count - a.count || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0);

/** A query's filter: regions (none = everywhere), a device mask, and the last of the 30 days counted. */
export interface TopFilter {
  regions: readonly number[];
  mask: readonly [boolean, boolean, boolean];
  lastDay: number;
}

/**
 * Up to `limit` candidates with their counts under the filter, zero counts left out, sorted by count.
 * `oneCore`: every candidate shares one core (a phrase's containing queries), so unfiltered counts are the
 * volumes times one factor and keep the list's order.
 */
function rank(
  list: readonly Candidate[],
  counter: PhraseCounter,
  filter: TopFilter,
  limit: number,
  oneCore: boolean,
  keep: (c: Candidate, count: number) => boolean = () => true,
): PhraseCount[] {
  if (limit <= 0) return [];
  if (oneCore && filter.regions.length === 0 && filter.mask.every(Boolean)) {
    const rows: PhraseCount[] = [];
    for (const c of list) {
      if (rows.length >= limit) break;
      const count = counter.count(c.volume, filter.regions, filter.mask, filter.lastDay);
      if (count > 0 && keep(c, count)) rows.push({ phrase: c.phrase, count });
    }
    return rows;
  }
  const rows: PhraseCount[] = [];
  for (const c of list) {
    const count = counter.count(c.volume, filter.regions, filter.mask, filter.lastDay);
    if (count > 0 && keep(c, count)) rows.push({ phrase: c.phrase, count });
  }
  return rows.sort(compare).slice(0, limit);
}

/**
 * GetTop's `results`: the phrase itself with the total, then queries containing it with their own counts
 * (never above the total: more words, same core), sorted by count, at most `limit` rows, zero counts left
 * out (so rare phrases have few rows).
 *
 * A phrase with operators (`params.restricted`) lists the queries of its plain phrase (`plain`, the same
 * phrase without operators) that it could match: none in phrase match (quotes allow no other word), none
 * with a minus word, and none counted above its total. Rows are plain queries with their own counts, as
 * everywhere.
 */
export function topResults(
  params: PhraseParams,
  plain: PhraseParams,
  counter: PhraseCounter,
  filter: TopFilter,
  totalCount: number,
  limit: number,
): PhraseCount[] {
  if (totalCount <= 0 || limit <= 0) return [];
  const head = { phrase: params.phrase, count: totalCount };
  if (limit === 1 || params.quoted) return [head]; // no need to build the candidates
  // A row naming a city has that city's regional profile: under a filter, rounding could put a tiny one a
  // unit above the total, and a row above its total is never listed.
  const keep = params.restricted
    ? (c: Candidate, count: number) => count <= totalCount && !params.minus.some((w) => c.volume.set.includes(keyOf(w)))
    : (_: Candidate, count: number) => count <= totalCount;
  const rows = rank(containingCandidates(plain), counter, filter, limit - 1, true, keep);
  return [head, ...rows];
}

/**
 * GetTop's `associations`: similar queries with their own counts, sorted by count, at most `limit`; for a
 * phrase with operators, those of its plain phrase.
 */
export function topAssociations(
  plain: PhraseParams,
  counter: PhraseCounter,
  filter: TopFilter,
  totalCount: number,
  limit: number,
): PhraseCount[] {
  if (totalCount <= 0 || limit <= 0) return [];
  return rank(similarCandidates(plain), counter, filter, limit, false);
}
