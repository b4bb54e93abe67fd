import { between, hashString, SALT } from './hash.js';
import { MODIFIERS } from './vocabulary.js';

/**
 * Per-word numbers of the demo model. Every word has a factor f ∈ (0, 0.5]: the part of all queries that
 * contain it, relative to the model's ceiling (a one-word phrase's volume is VOLUME_CEILING × f), and
 * equally how much the word narrows any phrase it is added to ("купить X" ≈ X × f(купить)). A phrase's
 * volume (volume-model.ts) multiplies its words' factors, so one rule serves a phrase alone and as a row of
 * another phrase's top.
 */

/** The largest factor: adding any word at least halves a phrase's volume. */
export const MAX_FACTOR = 0.5;

/**
 * log10 range of the factor of an ordinary word (not a known modifier): with the ceiling 10^7.1, a one-word
 * phrase gets 10^5.2–10^6.8 queries a month, like Wordstat's monthly figures for single words.
 */
const ORDINARY_LOG_FACTOR = [-1.9, Math.log10(MAX_FACTOR)] as const;

/**
 * Prepositions, conjunctions and question words: very common and weakly narrowing. Listed so that the
 * modifiers they appear in ("для детей", "как выбрать") give their content word the rest of the narrowing.
 */
const FUNCTION_WORDS: ReadonlyMap<string, number> = new Map([
  ['в', 0.5], ['во', 0.35], ['на', 0.5], ['и', 0.5], ['с', 0.45], ['со', 0.3], ['для', 0.45], ['как', 0.45],
  ['что', 0.4], ['по', 0.4], ['под', 0.3], ['из', 0.4], ['к', 0.4], ['от', 0.4], ['до', 0.4], ['за', 0.4],
  ['у', 0.35], ['о', 0.35], ['не', 0.45], ['без', 0.3], ['или', 0.35], ['где', 0.4], ['какой', 0.35],
]);

/**
 * The combined narrowing of the modifier at `rank` in MODIFIERS (earlier = more popular): 0.35 for
 * "купить", 0.23 for "цена", falling to ~0.02 for the rarest, so a popular phrase's top starts with
 * "купить X" at about a third of X and still fills 2000 rows with two-modifier queries.
 */
function modifierNarrowing(rank: number): number {
  return 0.35 * (rank + 1) ** -0.6;
}

/**
 * Known factors of modifier words, from the most popular modifier each word occurs in: a one-word modifier
 * gets its narrowing; the content words of a longer one share what its function words leave
 * ("своими руками": each word √0.118).
 */
function knownFactors(): Map<string, number> {
  const known = new Map(FUNCTION_WORDS);
  MODIFIERS.forEach((modifier, rank) => {
    const words = modifier.replace('^', '').split(' ');
    const content = words.filter((w) => !FUNCTION_WORDS.has(w));
    const functional = words.reduce((product, w) => product * (FUNCTION_WORDS.get(w) ?? 1), 1);
    const each = Math.min(MAX_FACTOR, (modifierNarrowing(rank) / functional) ** (1 / Math.max(1, content.length)));
    for (const word of content) if (!known.has(word)) known.set(word, each);
  });
  return known;
}

const KNOWN_FACTORS = knownFactors();

/**
 * Words that only qualify a query (every word of the modifier vocabulary and the function words). The other
 * words of a phrase are its core, which fixes its regional and device profile (see phrase-profile.ts).
 */
export const MODIFIER_WORDS: ReadonlySet<string> = new Set(KNOWN_FACTORS.keys());

/** log10 of a word's factor: known for modifier and function words, else from the word's hash. */
export function logFactor(word: string): number {
  const known = KNOWN_FACTORS.get(word);
  if (known !== undefined) return Math.log10(known);
  return between(ORDINARY_LOG_FACTOR[0], ORDINARY_LOG_FACTOR[1], hashString(word), SALT.wordFactor);
}

const VOWELS = new Set('аеёиоуыэюяaeiouy');
const LETTER = /\p{L}/u;

/**
 * A word that looks like keyboard mash: five or more consonant letters in a row, or six or more letters
 * without a vowel (e.g. "ghjcnj", "фывпрлд"). Short acronyms ("мтс", "html", "спб") are not gibberish.
 */
export function isGibberishWord(word: string): boolean {
  let run = 0;
  let letters = 0;
  let vowels = 0;
  for (const ch of word) {
    if (!LETTER.test(ch)) {
      run = 0;
      continue;
    }
    letters++;
    if (VOWELS.has(ch)) {
      vowels++;
      run = 0;
    } else if (++run >= 5) {
      return true;
    }
  }
  return letters >= 6 && vowels === 0;
}
