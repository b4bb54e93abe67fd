import { CATEGORIES } from './categories.js';
import { between, hashString, SALT } from './hash.js';
import { MODIFIER_LISTS } from './vocabulary.js';
import { keyOf, keysOf } from './word-forms.js';
import { MODIFIER_WORDS } from './word-model.js';

/**
 * Which of two word orders people type more often, for the fixed-order operator [a b]. The two orders of a
 * pair share the pair's broad queries; the natural one takes 60–90 % (drawn per pair), the other the rest.
 * The natural order, by the first rule that decides:
 *
 *   1. an adjective before its noun ("детский велосипед", "зимние шины", "красное платье"): a word with an
 *      adjective's ending before one without;
 *   2. the vocabulary's: the order of the two words in a topic entry or a modifier ("корм для собак",
 *      "интернет магазин", "доставка еды");
 *   3. a verb or question word before the rest ("купить велосипед", "как выбрать"), any other modifier
 *      after the core ("велосипед москва", "велосипед цена"): the way the demo writes its rows;
 *   4. otherwise the pair's hash picks one (both orders still differ: 60–90 % against 10–40 %).
 */

/** The natural order's part of a pair's queries. */
const NATURAL_SHARE = [0.6, 0.9] as const;

/** Word-key pairs in the order the vocabulary writes them ("a b" → a before b). */
const VOCABULARY_ORDER: ReadonlySet<string> = (() => {
  const pairs = new Set<string>();
  const texts = [...CATEGORIES.flatMap((c) => c.entries.map(([entry]) => entry)), ...Object.values(MODIFIER_LISTS).flat()];
  for (const text of texts) {
    const keys = keysOf(text.split(' '));
    for (let i = 0; i < keys.length; i++) for (let j = i + 1; j < keys.length; j++) pairs.add(`${keys[i]} ${keys[j]}`);
  }
  return pairs;
})();

/** Nominative and oblique endings of Russian adjectives (and participles used as adjectives). */
const ADJECTIVE_ENDING = /(ый|ий|ой|ая|яя|ое|ее|ые|ие|ых|их|ого|его|ому|ему|ым|им|ую|юю|ою|ею|ыми|ими)$/;
const isAdjective = (word: string) => word.length >= 4 && ADJECTIVE_ENDING.test(word);

/** Words that lead a query: infinitives ("купить", "скачать") and question words. */
const QUESTION_WORDS = new Set(['как', 'какой', 'какая', 'какие', 'что', 'где', 'когда', 'почему', 'зачем', 'сколько']);
const leads = (word: string) => QUESTION_WORDS.has(word) || (MODIFIER_WORDS.has(keyOf(word)) && /(ть|ти|чь)$/.test(word));

/** 1 when a before b is the natural order, -1 when b before a, 0 when no rule decides (see the file comment). */
export function naturalOrder(a: string, b: string): number {
  const [ka, kb] = [keyOf(a), keyOf(b)];
  const adjective = Number(isAdjective(a)) - Number(isAdjective(b));
  if (adjective !== 0) return adjective;
  const vocabulary = Number(VOCABULARY_ORDER.has(`${ka} ${kb}`)) - Number(VOCABULARY_ORDER.has(`${kb} ${ka}`));
  if (vocabulary !== 0) return vocabulary;
  const leading = Number(leads(a)) - Number(leads(b));
  if (leading !== 0) return leading;
  return Number(MODIFIER_WORDS.has(kb)) - Number(MODIFIER_WORDS.has(ka));
}

/** The part of the pair's queries written a then b: the two orders' parts add up to 1. */
export function naturalShare(a: string, b: string): number {
  const [ka, kb] = [keyOf(a), keyOf(b)];
  const pair = ka < kb ? `${ka} ${kb}` : `${kb} ${ka}`;
  const u = between(NATURAL_SHARE[0], NATURAL_SHARE[1], hashString(pair), SALT.wordOrder);
  // No rule: the pair's hash picks the natural one (the alphabetical order or the other).
  const order = naturalOrder(a, b) || ((hashString(pair) & 1 ? 1 : -1) * (ka < kb ? 1 : -1));
  return order > 0 ? u : 1 - u;
}
