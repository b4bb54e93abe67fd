import { CATEGORIES, categoryOf } from './categories.js';
import { coreOf, setVolume, type PhraseParams, type PhraseVolume } from './phrase-model.js';
import { broadSet, mergeSets } from './volume-model.js';
import { isStopKey, keyOf } from './word-forms.js';
import { CITY_FACTORS, MODIFIER_LISTS } from './vocabulary.js';
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

/** Only the most popular modifiers of a kind pair up ("велосипед купить недорого"); the long tail is used alone. */
const PAIR_POOL = 72;
/** Modifiers that vary associations ("самокат цена" next to "самокат"). */
const ASSOCIATION_MODIFIERS = 12;

/** A modifier, or a pair of them, as text to put after a phrase, and its words as a set. */
interface Addition {
  after: string;
  words: readonly string[];
  /** Ranks of the modifiers in their kind's list. */
  ranks: readonly number[];
  /** It names a city: the query takes that city's focus (city-names.ts), not the phrase's core as it is. */
  city: boolean;
}

type Kind = keyof typeof MODIFIER_LISTS;

/** A kind's singles, then its pairs (popular modifiers, sharing no word, never two cities), one per word set. */
function additionsOf(kind: Kind): { singles: readonly Addition[]; all: readonly Addition[] } {
  const singles = MODIFIER_LISTS[kind].map((text, rank) => ({ after: text, words: broadSet(text.split(' ')), ranks: [rank], city: CITY_FACTORS.has(text) }));
  const pairs = singles.slice(0, PAIR_POOL).flatMap((x, a) =>
    singles.slice(a + 1, PAIR_POOL).flatMap((y) => {
      if (x.words.some((w) => y.words.includes(w)) || (CITY_FACTORS.has(x.after) && CITY_FACTORS.has(y.after))) return [];
      return [{ after: `${x.after} ${y.after}`, words: mergeSets(x.words, y.words), ranks: [...x.ranks, ...y.ranks], city: x.city || y.city }];
    }),
  );
  const seen = new Set<string>();
  const all = [...singles, ...pairs].filter((x) => {
    const key = x.words.join(' ');
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return { singles, all };
}

/** Built once at start-up for every kind (a few ms each), so no request pays for it. */
const ADDITIONS = new Map((Object.keys(MODIFIER_LISTS) as Kind[]).map((kind) => [kind, additionsOf(kind)]));
const additions = (kind: Kind) => ADDITIONS.get(kind)!;

/** A word key of a modifier (stop words have key '' and are no core word either). */
const isModifier = (key: string) => key === '' || MODIFIER_WORDS.has(key);

/** The phrase's category (by its entry or a stemmed core word) and the words that matched; none when no match. */
function categoryMatch(params: PhraseParams) {
  return categoryOf(params.words.map(keyOf), isModifier);
}

/** The modifier kind of a phrase: its category's, else generic. */
function kindOf(params: PhraseParams): Kind {
  const match = categoryMatch(params);
  return match ? CATEGORIES[match.category]!.kind : 'generic';
}

const byVolume = (a: Candidate, b: Candidate) =>
  b.volume.volume30 - a.volume.volume30 || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0);

/**
 * Every query the model knows that contains the phrase: the phrase followed by one modifier of its kind or
 * two of the popular ones (modifiers that repeat a word of the phrase are skipped); one query per word set,
 * zero-volume queries left out.
 */
function containing(params: PhraseParams): Candidate[] {
  const mine = new Set(params.set);
  const { singles, all } = additions(kindOf(params));
  const stale = new Set(singles.flatMap((s, rank) => (s.words.some((w) => mine.has(w)) ? [rank] : [])));
  const out: Candidate[] = [];
  const namesCity = params.core.city !== undefined;
  // A phrase of stop words only is counted by one of them (broadSet); its queries with a modifier are not.
  const own = params.set.filter((k) => !isStopKey(k));
  for (const x of all) {
    if (x.ranks.some((r) => stale.has(r))) continue;
    // One city per query: "велосипед москва спб" is nobody's query.
    if (x.city && namesCity) continue;
    // Modifier words are never core words, so the query keeps the phrase's core (what coreOf would give),
    // but for a city's focus.
    const set = mergeSets(own, x.words);
    const volume = setVolume(set, x.city ? coreOf(set) : params.core);
    if (volume.volume30 === 0) continue;
    out.push({ phrase: `${params.phrase} ${x.after}`, volume });
  }
  return out.sort(byVolume);
}

/**
 * Similar queries: the phrase with its category entry (or matched word) replaced by another entry of the
 * same category — a bicycle's neighbours are scooters and roller skates, not tents ("ноутбук купить" →
 * "смартфон купить") — alone or with a popular modifier of the kind. A phrase of no category takes the
 * entries of a category picked by hash in place of its first core word; a phrase of modifier words only gets
 * the entries themselves. Never contains the phrase (as text or as all of its words); one query per word set;
 * zero-volume queries left out.
 */
function similar(params: PhraseParams): Candidate[] {
  const match = categoryMatch(params);
  const category = CATEGORIES[match ? match.category : params.seed % CATEGORIES.length]!;
  const firstCore = params.words.findIndex((w) => !isModifier(keyOf(w)));
  const replaced = new Set(match ? match.match : firstCore >= 0 ? [firstCore] : []);
  const at = Math.min(...replaced);
  const singles = additions(category.kind).singles.slice(0, ASSOCIATION_MODIFIERS);
  const seen = new Set([params.set.join(' ')]);
  const out: Candidate[] = [];
  for (const [entry] of category.entries) {
    const base =
      replaced.size === 0
        ? entry
        : params.words.flatMap((w, i) => (i === at ? [entry] : replaced.has(i) ? [] : [w])).join(' ');
    const baseSet = broadSet(base.split(' '));
    // The phrase's words the base lacks: a variant contains the whole phrase when its modifier adds them all.
    const missing = params.set.filter((w) => !baseSet.includes(w));
    for (let v = -1; v < singles.length; v++) {
      const x = v < 0 ? undefined : singles[v]!;
      if (x && x.words.some((w) => baseSet.includes(w))) continue;
      if (missing.every((w) => x?.words.includes(w))) continue;
      const set = x ? mergeSets(baseSet, x.words) : baseSet;
      const key = set.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const phrase = x ? `${base} ${x.after}` : base;
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
