/**
 * Word forms as the demo's broad match sees them. Wordstat's broad match counts every form of a word and
 * ignores stop words: "детский велосипед", "детских велосипедов" and "велосипед детский" are one broad
 * query, and "велосипед в москве" is "велосипед москва". The demo gets there with the key of a word: a stop
 * word has none (it is dropped), any other word is its stem, so the forms of a word share one key.
 *
 * The stemmer is the classic suffix-stripping algorithm for Russian (Porter's, as in Snowball; a few verb
 * endings left out, below), small and deterministic. It is a model, not morphology: a few unrelated words share a stem ("купе", "купить"), and
 * suppletive forms ("люди", "человек") do not. The product's cleaning will use a real morphology library.
 */

/**
 * Prepositions, conjunctions and particles: Wordstat does not count them in broad match (a "+" before one
 * would make it count; the demo accepts "+" and counts nothing more). Question words and "не" are not stop
 * words: "как выбрать велосипед" is not "выбрать велосипед".
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'в', 'во', 'на', 'и', 'с', 'со', 'для', 'по', 'под', 'подо', 'из', 'изо', 'к', 'ко', 'от', 'ото', 'до', 'за',
  'у', 'о', 'об', 'обо', 'без', 'безо', 'при', 'про', 'над', 'надо', 'через', 'перед', 'около', 'или', 'а', 'но',
  'да', 'ли', 'же', 'бы', 'то',
]);

/** Words kept exactly as written: their stems would merge them with others ("какой" with "как"). */
const KEEP_AS_WRITTEN: ReadonlySet<string> = new Set(['как', 'какой', 'какая', 'какие', 'что', 'где', 'не', 'когда', 'почему', 'зачем', 'сколько']);

const VOWELS = 'аеиоуыэюя';
const isVowel = (ch: string) => VOWELS.includes(ch);

/** Ending groups of the algorithm, longest first (the longest ending that fits is removed). */
const longestFirst = (list: string) => list.split(' ').sort((a, b) => b.length - a.length);
const GERUND_1 = longestFirst('в вши вшись');
const GERUND_2 = longestFirst('ив ивши ившись ыв ывши ывшись');
const REFLEXIVE = longestFirst('ся сь');
const ADJECTIVE = longestFirst('ее ие ые ое ими ыми ей ий ый ой ем им ым ом его ого ему ому их ых ую юю ая яя ою ею');
const PARTICIPLE_1 = longestFirst('ем нн вш ющ щ');
const PARTICIPLE_2 = longestFirst('ивш ывш ующ');
// Without the past masculine "л" and the short participles "н", "на", "но", "ны", "нно" of the original:
// they cut nouns in -ан, -ал ("диван" → "дива" but "дивану" → "диван"), and queries hardly use those forms.
const VERB_1 = longestFirst('ла ете йте ли й ем ло ет ют ть ешь');
const VERB_2 = longestFirst('ила ыла ена ейте уйте ите или ыли ей уй ил ыл им ым ен ило ыло ено ят ует уют ит ыт ены ить ыть ишь ую ю');
const NOUN = longestFirst('а ев ов ие ье е иями ями ами еи ии и ией ей ой ий й иям ям ием ем ам ом о у ах иях ях ы ь ию ью ю ия ья я');
const DERIVATIONAL = longestFirst('ост ость');
const SUPERLATIVE = longestFirst('ейш ейше');

/** The ending of `rv` from `list` (after а or я when `afterAYa`), or undefined. */
function ending(rv: string, list: readonly string[], afterAYa = false): string | undefined {
  for (const e of list) {
    if (!rv.endsWith(e)) continue;
    if (!afterAYa) return e;
    const before = rv[rv.length - e.length - 1];
    if (before === 'а' || before === 'я') return e;
  }
  return undefined;
}

/** Removes the first ending that fits from the groups (each [list, after а/я]); whether one was removed. */
function strip(rv: { text: string }, groups: readonly (readonly [readonly string[], boolean])[]): boolean {
  for (const [list, afterAYa] of groups) {
    const e = ending(rv.text, list, afterAYa);
    if (e !== undefined) {
      rv.text = rv.text.slice(0, -e.length);
      return true;
    }
  }
  return false;
}

/** The stem of a lower-case Russian word (other words unchanged). */
export function stem(word: string): string {
  const first = [...word].findIndex(isVowel);
  if (first < 0 || !/^[а-я-]+$/.test(word)) return word;
  const head = word.slice(0, first + 1);
  const rv = { text: word.slice(first + 1) };
  // R2 (for the derivational ending): after the second vowel-consonant pair of the word.
  const r2Start = (() => {
    let pairs = 0;
    for (let i = 1; i < word.length; i++) if (!isVowel(word[i]!) && isVowel(word[i - 1]!) && ++pairs === 2) return i + 1;
    return word.length;
  })();

  if (!strip(rv, [[GERUND_1, true], [GERUND_2, false]])) {
    strip(rv, [[REFLEXIVE, false]]);
    const adjective = ending(rv.text, ADJECTIVE);
    if (adjective !== undefined) {
      rv.text = rv.text.slice(0, -adjective.length);
      strip(rv, [[PARTICIPLE_1, true], [PARTICIPLE_2, false]]);
    } else if (!strip(rv, [[VERB_1, true], [VERB_2, false]])) {
      strip(rv, [[NOUN, false]]);
    }
  }
  if (rv.text.endsWith('и')) rv.text = rv.text.slice(0, -1);
  const derivational = ending(rv.text, DERIVATIONAL);
  if (derivational !== undefined && head.length + rv.text.length - derivational.length >= r2Start) {
    rv.text = rv.text.slice(0, -derivational.length);
  }
  if (rv.text.endsWith('нн')) rv.text = rv.text.slice(0, -1);
  else if (strip(rv, [[SUPERLATIVE, false]])) {
    if (rv.text.endsWith('нн')) rv.text = rv.text.slice(0, -1);
  } else if (rv.text.endsWith('ь')) rv.text = rv.text.slice(0, -1);
  return head + rv.text;
}

const KEY_CACHE_LIMIT = 50_000;
const keyCache = new Map<string, string>();

/**
 * A word's broad-match key: '' for a stop word (it does not count), the word itself for a kept word, a
 * number or a word with no vowel (an acronym, keyboard mash), else its stem.
 */
export function keyOf(word: string): string {
  const hit = keyCache.get(word);
  if (hit !== undefined) return hit;
  const key = STOP_WORDS.has(word) ? '' : KEEP_AS_WRITTEN.has(word) ? word : stem(word);
  if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
  keyCache.set(word, key);
  return key;
}

/**
 * The key a phrase of stop words only is counted by (volume-model.ts: broadSet): marked, so that it never
 * meets a stem ("обо" is a stop word and the stem of "обои").
 */
export const stopKey = (word: string): string => `~${word}`;
export const isStopKey = (key: string): boolean => key.startsWith('~');

/** The keys of a phrase's words in the order written, stop words left out. */
export function keysOf(words: readonly string[]): string[] {
  return words.map(keyOf).filter((k) => k !== '');
}
