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
 * The answer's order: the phrases that contain the seed, by volume (descending, then keyword), with every
 * RELATED_EVERY-th place given to the next related phrase that does not (by volume too); when one list runs
 * out, the other fills the rest. So with the demo or Wordstat, most of the first items are the seed's own
 * refinements, as a user expects, and associations and verified LLM ideas still appear early.
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
