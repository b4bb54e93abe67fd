import { canonicalPhrase } from '../domain/source-call.js';

/** A verified suggestion: a keyword and its volume. */
export interface RankedCandidate {
  keyword: string;
  volume: number;
}

/**
 * Every how many places one goes to a related phrase that does not contain the seed (an association, or an
 * LLM idea such as "велотренажер" for "велосипед"): the answer stays mostly about the seed, and the best
 * neighbours still show near the top instead of after the seed's 2000 own rows.
 */
export const RELATED_EVERY = 5;

/**
 * A word's stem for "contains the seed": the word less a final vowel, й or ь when 5 letters or longer, so
 * "велосипеды" and "пиццы" contain "велосипед" and "пицца" (broad match, as Wordstat counts them).
 */
function stem(word: string): string {
  return word.length >= 5 && /[аеёиоуыэюяйь]$/u.test(word) ? word.slice(0, -1) : word;
}

/** True when every word of the seed appears (by stem) among the keyword's words. */
export function containsSeed(seedPhrase: string, keyword: string): boolean {
  const words = canonicalPhrase(keyword).split(' ');
  return canonicalPhrase(seedPhrase)
    .split(' ')
    .every((seedWord) => words.some((w) => w.startsWith(stem(seedWord))));
}

const byVolumeThenKeyword = (a: RankedCandidate, b: RankedCandidate) =>
  b.volume - a.volume || a.keyword.localeCompare(b.keyword, 'ru');

/**
 * The order in which candidates are chosen for an answer: the seed's own refinements by volume, with every
 * RELATED_EVERY-th place given to the best related phrase that does not contain the seed (an association, a
 * verified LLM idea), so neighbours are not crowded out by the seed's 2000 own rows; when one list runs out, the
 * other fills the rest. An answer of `limit` items takes the first `limit` of this order and shows them sorted
 * by volume (sortByVolume): the related phrases used to stay at every fifth place, out of volume order.
 */
export function orderSuggestions<T extends RankedCandidate>(seedPhrase: string, candidates: readonly T[]): T[] {
  const sorted = [...candidates].sort(byVolumeThenKeyword);
  const own = sorted.filter((c) => containsSeed(seedPhrase, c.keyword));
  const related = sorted.filter((c) => !containsSeed(seedPhrase, c.keyword));
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < own.length || j < related.length) {
    const relatedTurn = (out.length + 1) % RELATED_EVERY === 0;
    if (j < related.length && (relatedTurn || i >= own.length)) out.push(related[j++]!);
    else out.push(own[i++]!);
  }
  return out;
}

/** The order decisions.md gives suggestions items: by volume descending, ties by keyword ascending. */
export function sortByVolume<T extends RankedCandidate>(items: readonly T[]): T[] {
  return [...items].sort(byVolumeThenKeyword);
}
