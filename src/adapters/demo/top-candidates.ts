import { setVolume, type PhraseParams, type PhraseVolume } from './phrase-model.js';
import { mergeSets, wordSet } from './volume-model.js';
import { MODIFIERS, TOPICS } from './vocabulary.js';
import { MODIFIER_WORDS } from './word-model.js';

/**
 * The phrases a top may list for a phrase, each with what its count is computed from (its own volume and
 * core, exactly as if it were asked for itself). Built once per phrase and sorted by volume; top-model.ts
 * ranks them under a filter.
 */

export interface Candidate {
  phrase: string;
  volume: PhraseVolume;
}

/** Only the most popular modifiers pair up ("купить недорого"); the long tail is used alone. */
const PAIR_POOL = 80;
/** Modifiers that vary associations ("смартфон цена" next to "смартфон"). */
const ASSOCIATION_MODIFIERS = 12;

/** A modifier, or a pair of them, as text to put before and after a phrase, and its words as a set. */
interface Addition {
  before: string;
  after: string;
  words: readonly string[];
  /** Ranks of the modifiers in MODIFIERS. */
  ranks: readonly number[];
}

const SINGLES: readonly Addition[] = MODIFIERS.map((m, rank) => {
  const text = m.replace('^', '');
  const first = m.startsWith('^');
  return { before: first ? text : '', after: first ? '' : text, words: wordSet(text.split(' ')), ranks: [rank] };
});

/** Pairs of popular modifiers, at most one written before the phrase, sharing no word. */
const PAIRS: readonly Addition[] = SINGLES.slice(0, PAIR_POOL).flatMap((x, a) =>
  SINGLES.slice(a + 1, PAIR_POOL).flatMap((y) => {
    if ((x.before && y.before) || x.words.some((w) => y.words.includes(w))) return [];
    const join = (p: string, q: string) => (p && q ? `${p} ${q}` : p || q);
    return [{ before: join(x.before, y.before), after: join(x.after, y.after), words: mergeSets(x.words, y.words), ranks: [...x.ranks, ...y.ranks] }];
  }),
);

/**
 * Singles and pairs, one per word set (the more popular spelling kept). Additions skip the phrase's own
 * words, so distinct word sets here give distinct word sets once added to any phrase: no per-phrase check.
 */
const ADDITIONS: readonly Addition[] = (() => {
  const seen = new Set<string>();
  return [...SINGLES, ...PAIRS].filter((x) => {
    const key = x.words.join(' ');
    return seen.has(key) ? false : (seen.add(key), true);
  });
})();

const byVolume = (a: Candidate, b: Candidate) =>
  b.volume.volume30 - a.volume.volume30 || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0);

/**
 * Every query the model knows that contains the phrase: the phrase with one modifier or with two of the
 * popular ones (modifiers that repeat a word of the phrase are skipped); one query per word set, zero-volume
 * queries left out.
 */
function containing(params: PhraseParams): Candidate[] {
  const mine = new Set(params.set);
  const stale = new Set(SINGLES.flatMap((s, rank) => (s.words.some((w) => mine.has(w)) ? [rank] : [])));
  const out: Candidate[] = [];
  for (const x of ADDITIONS) {
    if (x.ranks.some((r) => stale.has(r))) continue;
    // Modifier words are never core words, so the query keeps the phrase's core (what coreOf would give).
    const volume = setVolume(mergeSets(params.set, x.words), params.core);
    if (volume.volume30 === 0) continue;
    const phrase = x.before ? `${x.before} ${params.phrase}` : params.phrase;
    out.push({ phrase: x.after ? `${phrase} ${x.after}` : phrase, volume });
  }
  return out.sort(byVolume);
}

/** The phrase's topic and the word that matched it (by a 4-letter stem), else a topic by hash and no word. */
function topicOf(params: PhraseParams, core: readonly number[]): { topic: number; word: number } {
  for (const i of core) {
    const word = params.words[i]!;
    if (word.length < 4) continue;
    const stem = word.slice(0, 4);
    const topic = TOPICS.findIndex((t) => t.some((e) => e.split(' ').some((w) => w.length >= 4 && w.slice(0, 4) === stem)));
    if (topic >= 0) return { topic, word: i };
  }
  return { topic: params.seed % TOPICS.length, word: core[0] ?? -1 };
}

/**
 * Similar queries: the phrase with its topic word (or first core word) replaced by another entry of its
 * topic only — a bicycle's neighbours are scooters, not sushi ("купить ноутбук" → "купить смартфон"), alone or with a popular
 * modifier. A phrase of modifier words only gets the entries themselves. Never contains the phrase (as text
 * or as all of its words); one query per word set; zero-volume queries left out.
 */
function similar(params: PhraseParams): Candidate[] {
  const core = params.words.flatMap((w, i) => (MODIFIER_WORDS.has(w) ? [] : [i]));
  const { topic, word } = topicOf(params, core);
  const seen = new Set([params.set.join(' ')]);
  const out: Candidate[] = [];
  for (const entry of TOPICS[topic]!) {
    const base = word < 0 ? entry : params.words.map((w, i) => (i === word ? entry : w)).join(' ');
    const baseSet = wordSet(base.split(' '));
    // The phrase's words the base lacks: a variant contains the whole phrase when its modifier adds them all.
    const missing = params.set.filter((w) => !baseSet.includes(w));
    for (let v = -1; v < ASSOCIATION_MODIFIERS; v++) {
      const x = v < 0 ? undefined : SINGLES[v]!;
      if (x && x.words.some((w) => baseSet.includes(w))) continue;
      if (missing.every((w) => x?.words.includes(w))) continue;
      const set = x ? mergeSets(baseSet, x.words) : baseSet;
      const key = set.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const phrase = !x ? base : x.before ? `${x.before} ${base}` : `${base} ${x.after}`;
      if (phrase.includes(params.phrase)) continue;
      const volume = setVolume(set);
      if (volume.volume30 > 0) out.push({ phrase, volume });
    }
  }
  return out.sort(byVolume);
}

/**
 * Bounded caches, by canonical phrase. A popular phrase's containing queries take ~1 MB, so only a few are
 * kept (repeated and paged calls for one phrase hit); similar queries are ~300 per phrase.
 */
const RESULTS_CACHE_LIMIT = 16;
const ASSOCIATIONS_CACHE_LIMIT = 256;
const resultsCache = new Map<string, Candidate[]>();
const associationsCache = new Map<string, Candidate[]>();

function cached(cache: Map<string, Candidate[]>, limit: number, params: PhraseParams, make: typeof similar): Candidate[] {
  const hit = cache.get(params.phrase);
  if (hit) return hit;
  const made = make(params);
  if (cache.size >= limit) cache.delete(cache.keys().next().value!);
  cache.set(params.phrase, made);
  return made;
}

/** Queries containing the phrase, with demand, sorted by volume (descending, ties by phrase). */
export function containingCandidates(params: PhraseParams): readonly Candidate[] {
  return cached(resultsCache, RESULTS_CACHE_LIMIT, params, containing);
}

/** Similar queries not containing the phrase, with demand, sorted by volume (descending, ties by phrase). */
export function similarCandidates(params: PhraseParams): readonly Candidate[] {
  return cached(associationsCache, ASSOCIATIONS_CACHE_LIMIT, params, similar);
}
