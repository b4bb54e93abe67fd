import { between, hashString, SALT } from './hash.js';
import type { ParsedQuery, QueryVariant } from './query-syntax.js';
import { broadSet, volumeOf, wordSet } from './volume-model.js';
import { keyOf, STOP_WORDS } from './word-forms.js';
import { naturalShare } from './word-order.js';

/**
 * Volumes of phrases with Wordstat operators. Every operator only restricts which queries count, so the demo
 * multiplies the broad volume of the plain words by shares ≤ 1 drawn from hashes:
 *
 *   phrase match "a b"     × phraseShare(words): 25–60 % for one word, less for more words (few people type
 *                           exactly these words and nothing else when there are several); any forms of the
 *                           words, but stop words count ("велосипед в москве" in quotes is not "велосипед москва")
 *   fixed form !a          × formShare(a): 55–95 % (the other forms of the word are left out), drawn for the
 *                           form as written, so "!детских" and "!детский" differ
 *   exact "!a !b"          both of the above, so exact ≤ phrase ≤ broad
 *   fixed order [a b]      × the written order's part: the two orders of a pair share the broad volume, the
 *                           natural order (word-order.ts) 60–90 %, the other the rest; a longer run multiplies
 *                           its neighbouring pairs; one word: 1
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

/**
 * The part of a broad set's queries that hold no other word, for a phrase whose written stop words are
 * `stops`: quotes fix the number of words, stop words included, so they change the share.
 */
export function phraseShare(set: readonly string[], stops: readonly string[] = []): number {
  const all = [...set, ...wordSet(stops)];
  if (set.length === 0) return 0;
  const [lo, hi] = PHRASE_SHARE[Math.min(all.length, PHRASE_SHARE.length) - 1]!;
  return between(lo, hi, hashString(all.join(' ')), SALT.phraseMatch);
}

/** The part of a word's queries in this very form; 1 for words with no other forms (numbers, 1–2 letters). */
export function formShare(word: string): number {
  if (word.length <= 2 || !/\p{L}/u.test(word)) return 1;
  return between(FORM_SHARE[0], FORM_SHARE[1], hashString(word), SALT.wordForm);
}

/**
 * The part of a run's queries with its words in the written order (1 for one word): the product over its
 * neighbouring words (stop words skipped, as broad match skips them; two forms of one word are one word).
 */
export function orderShare(run: readonly string[]): number {
  const words = run.filter((w, i) => keyOf(w) !== '' && (i === 0 || keyOf(w) !== keyOf(run[i - 1]!)));
  let share = 1;
  for (let i = 1; i < words.length; i++) share *= naturalShare(words[i - 1]!, words[i]!);
  return share;
}

/** The real-valued volume of one combination of the query (before rounding). */
function variantVolume(variant: QueryVariant, quoted: boolean): number {
  if (variant.selfExcluded || variant.words.length === 0) return 0;
  const set = broadSet(variant.words);
  const broad = volumeOf(set);
  if (broad === 0) return 0;
  let share = quoted ? phraseShare(set, variant.words.filter((w) => STOP_WORDS.has(w))) : 1;
  for (const word of variant.fixedForms) share *= formShare(word);
  for (const run of variant.ordered) share *= orderShare(run);
  // Minus words only matter in broad match: a phrase-match query has no other words to exclude. A minus
  // word takes out every form of itself ("-велосипеды" empties "велосипед"); a stop word excludes nothing.
  if (!quoted) {
    for (const word of variant.minus) if (keyOf(word) !== '') share *= 1 - volumeOf(broadSet([...variant.words, word])) / broad;
  }
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
    const key = `${broadSet(variant.words).join(' ')}|${variant.fixedForms.join(' ')}|${variant.ordered.map((r) => r.join(' ')).join(',')}|${variant.minus.join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sum += variantVolume(variant, query.quoted);
  }
  return Math.round(sum);
}
