import { allEntries, CATEGORIES, categoryOfWord, type ModifierKind } from './categories.js';
import { between, hashString, SALT } from './hash.js';
import { CITY_FACTORS, CITY_NAMES, MODIFIER_LISTS, WEATHER_CITY_FACTORS } from './vocabulary.js';
import { isStopKey, keysOf, STOP_WORDS, stopKey } from './word-forms.js';

/**
 * Per-word numbers of the demo model. Every word has a factor f ∈ (0, 0.5]: the part of all queries that
 * contain it, relative to the model's ceiling (a one-word phrase's volume is VOLUME_CEILING × f), and
 * equally how much the word narrows any phrase it is added to ("купить X" ≈ X × f(купить)). A phrase's
 * volume (volume-model.ts) multiplies its words' factors, so one rule serves a phrase alone and as a row of
 * another phrase's top.
 *
 * A "word" here is a word's broad-match key (word-forms.ts: its stem; stop words have none), and the tables
 * below are keyed the same way, so every form of a word has the one factor ("детских" is "детский").
 */

/** The largest factor: adding any word at least halves a phrase's volume. */
export const MAX_FACTOR = 0.5;

/** log10 of the model's ceiling: a one-word phrase's monthly volume is 10^CEILING × its factor. */
export const CEILING = 7.1;

/**
 * log10 range of the factor of an ordinary word (not a known modifier): with the ceiling 10^7.1, a one-word
 * phrase gets 10^5.2–10^6.8 queries a month, like Wordstat's monthly figures for single words.
 */
const ORDINARY_LOG_FACTOR = [-1.9, Math.log10(MAX_FACTOR)] as const;

/**
 * Question words and "не": very common and weakly narrowing, and counted (unlike the stop words of
 * word-forms.ts, which broad match drops). Listed so that the modifiers they appear in ("как выбрать") give
 * their content word the rest of the narrowing.
 */
const FUNCTION_WORDS: ReadonlyMap<string, number> = new Map([
  ['как', 0.45], ['что', 0.4], ['не', 0.45], ['где', 0.4], ['какой', 0.35],
]);

/**
 * The combined narrowing of a modifier at `rank` in its kind's list (earlier = more popular): 0.35 for
 * "купить" or "рецепт", 0.23 for the second, falling to ~0.03 for the 60th, so a popular phrase's top starts
 * with its main modifier at about a third of the phrase and still fills 2000 rows with two-modifier queries.
 */
function modifierNarrowing(rank: number): number {
  return 0.35 * (rank + 1) ** -0.6;
}

/** A modifier word absent from a kind's list narrows that kind's queries the most ("велосипед рецепт"). */
const TAIL_FACTOR = 0.012;

/** The kinds of the categories, in a fixed order (bit k of a kind mask is KINDS[k]). */
export const KINDS: readonly ModifierKind[] = [...new Set(CATEGORIES.map((c) => c.kind))];

/**
 * Factors of one list's modifier words: a one-word modifier gets its narrowing (a city its own factor); the
 * content words of a longer one share what its function words leave ("своими руками": each the square root).
 */
function listFactors(list: readonly string[], cities: ReadonlyMap<string, number> = CITY_FACTORS): Map<string, number> {
  const known = new Map<string, number>();
  list.forEach((modifier, rank) => {
    // Keys: forms merged, stop words out ("для детей" narrows by its "детей" alone).
    const words = keysOf(modifier.split(' '));
    const content = words.filter((w) => !FUNCTION_WORDS.has(w));
    const functional = words.reduce((product, w) => product * (FUNCTION_WORDS.get(w) ?? 1), 1);
    const narrowing = cities.get(modifier) ?? modifierNarrowing(rank);
    const each = Math.min(MAX_FACTOR, (narrowing / functional) ** (1 / Math.max(1, content.length)));
    for (const word of content) if (!known.has(word)) known.set(word, each);
  });
  return known;
}

const FACTORS_BY_KIND = KINDS.map((kind) => listFactors(MODIFIER_LISTS[kind], kind === 'weather' ? WEATHER_CITY_FACTORS : CITY_FACTORS));
const GENERIC_FACTORS = listFactors(MODIFIER_LISTS.generic);
/** The factor of each word of a city's name, whichever kind's list it is missing from. */
const CITY_KEY_FACTORS = listFactors(CITY_NAMES.map(([name]) => name));

/** Every modifier word (function words aside). */
const MODIFIER_CONTENT = new Set([...FACTORS_BY_KIND.flatMap((m) => [...m.keys()]), ...GENERIC_FACTORS.keys()]);

/**
 * log10 factors of a modifier word per kind (KINDS order): how much it narrows that kind's queries ("рецепт"
 * narrows food little and goods a lot). Undefined for other words.
 */
export function modifierLogFactors(word: string): Float64Array | undefined {
  if (!MODIFIER_CONTENT.has(word)) return undefined;
  // A city narrows by its own factor in every kind, listed there or not ("телеграм самара"): a tail factor
  // would make it a hundred times the city's share, and the query would outgrow the plain one in the city.
  const tail = CITY_KEY_FACTORS.get(word) ?? TAIL_FACTOR;
  return Float64Array.from(FACTORS_BY_KIND, (m) => Math.log10(m.get(word) ?? tail));
}

/** A modifier word's most generous factor over every list: what it narrows a phrase of no category by. */
function maxModifierFactor(word: string): number | undefined {
  if (!MODIFIER_CONTENT.has(word)) return undefined;
  return Math.max(GENERIC_FACTORS.get(word) ?? 0, ...FACTORS_BY_KIND.map((m) => m.get(word) ?? 0));
}

/**
 * Factors of the category entries' words, so an entry alone gets about its table volume ("погода" 6 M,
 * "доставка еды" 500 k, "скейтборд" 150 k): the words of an entry not known yet share what its known words
 * (taken for the entry's kind) leave of volume / 10^CEILING. Most popular entries first; a word keeps its
 * first factor.
 */
function entryFactors(): Map<string, number> {
  const known = new Map<string, number>();
  for (const { category, entry, volume } of allEntries().sort((a, b) => b.volume - a.volume)) {
    const kind = KINDS.indexOf(CATEGORIES[category]!.kind);
    const factorOf = (w: string) =>
      FUNCTION_WORDS.get(w) ?? (MODIFIER_CONTENT.has(w) ? (FACTORS_BY_KIND[kind]!.get(w) ?? TAIL_FACTOR) : known.get(w));
    const words = keysOf(entry.split(' '));
    const fresh = words.filter((w) => factorOf(w) === undefined);
    if (fresh.length === 0) continue;
    const rest = words.reduce((product, w) => product * (factorOf(w) ?? 1), 1);
    const each = (volume / 10 ** CEILING / rest) ** (1 / fresh.length);
    for (const w of fresh) known.set(w, Math.min(MAX_FACTOR, Math.max(1e-3, each)));
  }
  return known;
}

const ENTRY_FACTORS = entryFactors();

/**
 * Keys of words that only qualify a query (every word of the modifier lists, the function words and the stop
 * words, which a phrase holds only when it has nothing else: see broadSet). The other
 * words of a phrase are its core, which fixes its regional, device and time profile (see phrase-model.ts).
 */
export const MODIFIER_WORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS.keys(), ...MODIFIER_CONTENT, ...[...STOP_WORDS].map(stopKey)]);

/** The kind bit (1 << index in KINDS) of a core word's category, 0 for a modifier or a word of no category. */
export function kindBitOf(word: string): number {
  if (MODIFIER_WORDS.has(word)) return 0;
  const category = categoryOfWord(word);
  return category < 0 ? 0 : 1 << KINDS.indexOf(CATEGORIES[category]!.kind);
}

/**
 * For each word of a multi-word entry, the other words of its entries: such pairs belong together ("доставка
 * еды"), so the volume model gives them no pair penalty.
 */
export const ENTRY_MATES: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const mates = new Map<string, Set<string>>();
  for (const { entry } of allEntries()) {
    const words = keysOf(entry.split(' '));
    for (const w of words) for (const other of words) if (other !== w) (mates.get(w) ?? mates.set(w, new Set()).get(w)!).add(other);
  }
  return mates;
})();

/**
 * log10 of a word's factor: known for function and entry words, the most generous one for a modifier word
 * (in a phrase of a category, volume-model.ts takes the kind's own: modifierLogFactors), else from the
 * word's hash.
 */
export function logFactor(word: string): number {
  // A stop word only stands in a phrase of stop words (broadSet): the widest query there is.
  const known = isStopKey(word) ? MAX_FACTOR : FUNCTION_WORDS.get(word) ?? maxModifierFactor(word) ?? ENTRY_FACTORS.get(word);
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
