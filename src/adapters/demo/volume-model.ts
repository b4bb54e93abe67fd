import { at, hashString, mix, SALT, substream } from './hash.js';
import { CITY_NAMES } from './vocabulary.js';
import { keysOf, stopKey } from './word-forms.js';
import { CEILING, ENTRY_MATES, isGibberishWord, kindBitOf, KINDS, logFactor, modifierLogFactors } from './word-model.js';

/**
 * The one volume function of the demo model: the typical 30-day count of a phrase over all regions and
 * devices. It sees a phrase as a set of words (order, case and repeats do not matter, as in Wordstat's
 * broad match), so the count a phrase shows as a row of another phrase's top is its own volume.
 *
 *   log10 volume = CEILING + Σₖ weightₖ · log10 f(wordₖ) + min over word pairs of a pair penalty
 *
 * with the words sorted from the most narrowing (smallest factor) up. The two most narrowing words count
 * fully, later ones less and less (long queries are specific, so each extra word narrows them less), and
 * the pair penalty (≤ 0, per pair of words from their hashes) makes some combinations rarer than others, so
 * the order of a phrase's top varies from phrase to phrase. Adding a word never raises the volume: every
 * factor is ≤ 0.5, the weights never grow along the sorted list (so inserting a factor lowers the weighted
 * sum), and a minimum over more pairs is never larger.
 */

/** Weight of the k-th most narrowing word (from 0): 1, 1, 0.75, 0.56, … */
const WEIGHT_DECAY = 0.75;
/** The largest pair penalty (log10): a pair of words can make a phrase up to 10 times rarer. */
const PAIR_PENALTY = 0.6;
/**
 * Share of three-word combinations that nobody searches for: a phrase containing such a triple has no
 * demand (about 3 % of three-word phrases, more of longer ones, which contain more triples).
 */
const DEAD_TRIPLE = 0.03;

interface WordInfo {
  word: string;
  hash: number;
  logFactor: number;
  /** A modifier word's log factor per kind (see modifierLogFactors); undefined for other words. */
  byKind: Float64Array | undefined;
  /** A core word's category kind as a bit (0: none). */
  kindBit: number;
  gibberish: boolean;
  /** A word of a city's name (vocabulary.ts), which narrows outside the weights. */
  city: boolean;
  /** Words it forms a category entry with (no pair penalty between them). */
  mates: ReadonlySet<string> | undefined;
  /** Streams keyed by the word, for its pair penalties and dead triples (one finaliser per draw). */
  pairStream: number;
  tripleStream: number;
}

/** Keys of the words of the cities' names. */
const CITY_KEYS: ReadonlySet<string> = new Set(CITY_NAMES.flatMap(([name]) => keysOf(name.split(' '))));

const WORD_CACHE_LIMIT = 50_000;
const wordCache = new Map<string, WordInfo>();

function wordInfo(word: string): WordInfo {
  const hit = wordCache.get(word);
  if (hit) return hit;
  const hash = hashString(word);
  const info = {
    word,
    hash,
    logFactor: logFactor(word),
    byKind: modifierLogFactors(word),
    kindBit: kindBitOf(word),
    gibberish: isGibberishWord(word),
    city: CITY_KEYS.has(word),
    mates: ENTRY_MATES.get(word),
    pairStream: mix(hash, SALT.pair),
    tripleStream: mix(hash, SALT.deadTriple),
  };
  if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
  wordCache.set(word, info);
  return info;
}

/**
 * A phrase's broad-match identity: its words' keys (word-forms.ts: forms merged, stop words out) as a set.
 * Everything the volume model counts is such a set, so "детских велосипедов" and "детский велосипед", or
 * "велосипед в москве" and "велосипед москва", have one volume.
 */
export function broadSet(words: readonly string[]): string[] {
  const keys = keysOf(words);
  // A phrase of stop words only ("в") is counted by the first of them: broad match has nothing else. Its
  // factor is the largest, so any phrase that adds a word to it is smaller.
  return wordSet(keys.length > 0 ? keys : wordSet(words).slice(0, 1).map(stopKey));
}

/** Strings as a set: sorted, without repeats (keys already; see broadSet). */
export function wordSet(words: readonly string[]): string[] {
  const sorted = words.filter((w) => w !== '').sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  sorted.length = n;
  return sorted;
}

/** The union of two word sets, itself a set (what wordSet would give for the words of both). */
export function mergeSets(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    const next = y === undefined || (x !== undefined && x < y) ? a[i++]! : x === y ? (i++, b[j++]!) : b[j++]!;
    out.push(next);
  }
  return out;
}

/**
 * The zero rule: no demand when any word is gibberish, or when the phrase contains a dead triple of words
 * (a hash bucket over each unordered triple). Both survive adding words, so zero phrases stay zero when
 * extended.
 */
function isDead(infos: readonly WordInfo[]): boolean {
  const n = infos.length;
  for (let i = 0; i < n; i++) if (infos[i]!.gibberish) return true;
  for (let i = 0; i < n - 2; i++) {
    for (let j = i + 1; j < n - 1; j++) {
      const ij = substream(infos[i]!.tripleStream, infos[j]!.hash);
      for (let k = j + 1; k < n; k++) if (at(ij, infos[k]!.hash) < DEAD_TRIPLE) return true;
    }
  }
  return false;
}

/**
 * The pair penalty of a phrase (log10, in [-PAIR_PENALTY, 0]): its least natural pair of words. Words of one
 * category entry ("доставка еды") are a natural pair.
 */
function pairPenalty(infos: readonly WordInfo[]): number {
  let worst = 0;
  for (let i = 0; i < infos.length; i++) {
    for (let j = i + 1; j < infos.length; j++) {
      if (infos[i]!.mates?.has(infos[j]!.word)) continue;
      worst = Math.max(worst, at(infos[i]!.pairStream, infos[j]!.hash));
    }
  }
  return -PAIR_PENALTY * worst * worst;
}

/**
 * A modifier's log factor in a phrase whose core words belong to the kinds of `kinds` (a bit mask): the
 * smallest of those kinds' factors. A phrase of no category takes the most generous factor instead (its
 * logFactor), so adding a word can only lower a factor and never raises the volume.
 */
function kindLogFactor(byKind: Float64Array, kinds: number): number {
  let log = 0;
  for (let k = 0; k < KINDS.length; k++) if (kinds & (1 << k)) log = Math.min(log, byKind[k]!);
  return log;
}

const scratchInfos: WordInfo[] = [];
const scratchLogs: number[] = [];

/** Typical 30-day volume of a phrase given as a set of keys (see broadSet): an integer, 0 = no demand. */
export function volumeOf(words: readonly string[]): number {
  if (words.length === 0) return 0;
  // Scratch arrays reused across calls (the function is synchronous): a top evaluates thousands of phrases.
  const infos = scratchInfos;
  const logs = scratchLogs;
  infos.length = 0;
  logs.length = 0;
  let kinds = 0;
  for (const word of words) {
    const info = wordInfo(word);
    infos.push(info);
    kinds |= info.kindBit;
  }
  if (isDead(infos)) return 0;
  // Insertion sort: a handful of words.
  let log = CEILING;
  for (const info of infos) {
    const factor = info.byKind && kinds !== 0 ? kindLogFactor(info.byKind, kinds) : info.logFactor;
    // A city's name narrows by exactly its factor (outside the weights), so "X казань" is never more than
    // that part of X: which keeps it below X in Kazan itself, where it is mostly asked (city-names.ts).
    if (info.city) {
      log += factor;
      continue;
    }
    let k = logs.length;
    while (k > 0 && logs[k - 1]! > factor) {
      logs[k] = logs[k - 1]!;
      k--;
    }
    logs[k] = factor;
  }
  let weight = 1;
  for (let k = 0; k < logs.length; k++) {
    if (k >= 2) weight *= WEIGHT_DECAY;
    log += weight * logs[k]!;
  }
  return Math.round(10 ** (log + pairPenalty(infos)));
}
