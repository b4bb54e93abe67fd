import { between, hashString, SALT } from './hash.js';
import type { ParsedQuery, QueryVariant } from './query-syntax.js';
import { volumeOf, wordSet } from './volume-model.js';

/**
 * Volumes of phrases with Wordstat operators. Every operator only restricts which queries count, so the demo
 * multiplies the broad volume of the plain words by shares ≤ 1 drawn from hashes:
 *
 *   phrase match "a b"     × phraseShare(words): 25–60 % for one word, less for more words (few people type
 *                           exactly these words and nothing else when there are several)
 *   fixed form !a          × formShare(a): 55–95 % (the other forms of the word are left out)
 *   exact "!a !b"          both of the above, so exact ≤ phrase ≤ broad
 *   fixed order [a b]      × the written order's part: the two orders of a pair share the broad volume
 *                           (u and 1 - u); a longer run multiplies its neighbouring pairs; one word: 1
 *   minus -c               × (1 - volume(a b c) / volume(a b)): the queries with c are taken out
 *   (a|b) c                the sum over the combinations
 *
 * Shares depend on the words only (not on regions, devices or dates), and the phrase keeps the plain phrase's
 * core and random streams (phrase-model.ts), so with a smaller volume it is below the broad phrase in every
 * region, on every device and on every day, not just in total.
 */

/** Phrase-match share range by number of words (index = words - 1, the last one for longer phrases). */
const PHRASE_SHARE: readonly (readonly [number, number])[] = [
  [0.25, 0.6],
  [0.15, 0.5],
  [0.1, 0.4],
  [0.05, 0.3],
  [0.03, 0.2],
];

/** Part of a word's queries in the written form: the other forms of a Russian word take the rest. */
const FORM_SHARE = [0.55, 0.95] as const;

/** Part of a word pair's queries in one order (the other order takes the rest). */
const ORDER_SHARE = [0.15, 0.85] as const;

/** The part of a word set's broad queries that hold no other word. */
export function phraseShare(set: readonly string[]): number {
  if (set.length === 0) return 0;
  const [lo, hi] = PHRASE_SHARE[Math.min(set.length, PHRASE_SHARE.length) - 1]!;
  return between(lo, hi, hashString(set.join(' ')), SALT.phraseMatch);
}

/** The part of a word's queries in this very form; 1 for words with no other forms (numbers, 1–2 letters). */
export function formShare(word: string): number {
  if (word.length <= 2 || !/\p{L}/u.test(word)) return 1;
  return between(FORM_SHARE[0], FORM_SHARE[1], hashString(word), SALT.wordForm);
}

/** The part of a run's queries with its words in the written order (1 for one word). */
export function orderShare(run: readonly string[]): number {
  let share = 1;
  for (let i = 1; i < run.length; i++) {
    const [a, b] = [run[i - 1]!, run[i]!];
    const first = a < b ? a : b;
    const u = between(ORDER_SHARE[0], ORDER_SHARE[1], hashString(`${first} ${a < b ? b : a}`), SALT.wordOrder);
    share *= a === first ? u : 1 - u;
  }
  return share;
}

/** The real-valued volume of one combination of the query (before rounding). */
function variantVolume(variant: QueryVariant, quoted: boolean): number {
  if (variant.selfExcluded || variant.words.length === 0) return 0;
  const set = wordSet(variant.words);
  const broad = volumeOf(set);
  if (broad === 0) return 0;
  let share = quoted ? phraseShare(set) : 1;
  for (const word of variant.fixedForms) share *= formShare(word);
  for (const run of variant.ordered) share *= orderShare(run);
  // Minus words only matter in broad match: a phrase-match query has no other words to exclude.
  if (!quoted) for (const word of variant.minus) share *= 1 - volumeOf(wordSet([...set, word])) / broad;
  return broad * Math.max(0, share);
}

/**
 * The 30-day volume of a query with operators: the sum over its combinations, rounded. For a query with no
 * restricting operator it is the plain volume itself.
 */
export function matchedVolume(query: ParsedQuery): number {
  let sum = 0;
  const seen = new Set<string>();
  for (const variant of query.variants) {
    // "(a|a) b" or "(a b|b a)" name one set of queries once.
    const key = `${wordSet(variant.words).join(' ')}|${variant.fixedForms.join(' ')}|${variant.ordered.map((r) => r.join(' ')).join(',')}|${variant.minus.join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sum += variantVolume(variant, query.quoted);
  }
  return Math.round(sum);
}
