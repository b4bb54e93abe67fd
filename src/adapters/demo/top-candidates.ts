import { headNoun, inflectAdjective, isAdjectiveForm, isNominativeAdjective, nounClass, type NounClass } from './agreement.js';
import { CATEGORIES, categoryOf, type Category } from './categories.js';
import { audienceClash, audienceFits, contradicts, traitOf, type Trait } from './modifier-traits.js';
import { cityNamed } from './city-names.js';
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

/**
 * Only the most popular modifiers of a kind pair up ("велосипед купить недорого"); the long tail is used alone.
 * 96 covers the whole longest list (goods, cities included): a topic takes only some of them (modifier-traits.ts).
 */
const PAIR_POOL = 96;
/** Modifiers that vary associations ("самокат цена" next to "самокат"). */
const ASSOCIATION_MODIFIERS = 12;

/** A modifier, or a pair of them, as text to put after a phrase, and its words as a set. */
interface Addition {
  /** The modifiers' texts as listed (an adjective in its listed form: see render). */
  texts: readonly string[];
  words: readonly string[];
  /** Ranks of the modifiers in their kind's list. */
  ranks: readonly number[];
  /** It names a city: the query takes that city's focus (city-names.ts), not the phrase's core as it is. */
  city: boolean;
  /** The modifiers' traits (modifier-traits.ts): which topics take it. */
  traits: readonly Trait[];
  /** It holds an adjective, which must agree with the phrase's noun ("палатка белая"). */
  adjective: boolean;
}

type Kind = keyof typeof MODIFIER_LISTS;

/**
 * A kind's singles, then its pairs (popular modifiers, sharing no word, never two cities, never two of one
 * exclusive group: "купить напрокат", "бу новые"), one per word set.
 */
function additionsOf(kind: Kind): { singles: readonly Addition[]; all: readonly Addition[] } {
  const singles: Addition[] = MODIFIER_LISTS[kind].map((text, rank) => {
    const trait = traitOf(text);
    return {
      texts: [text],
      words: broadSet(text.split(' ')),
      ranks: [rank],
      city: CITY_FACTORS.has(text),
      traits: trait ? [trait] : [],
      // A lone adjective agrees with the phrase's noun; one with its own noun ("официальный сайт") does not.
      adjective: !text.includes(' ') && isNominativeAdjective(text),
    };
  });
  const pairs = singles.slice(0, PAIR_POOL).flatMap((x, a) =>
    singles.slice(a + 1, PAIR_POOL).flatMap((y): Addition[] => {
      if (x.words.some((w) => y.words.includes(w)) || (x.city && y.city) || contradicts(x.words, y.words)) return [];
      return [{
        texts: [...x.texts, ...y.texts],
        words: mergeSets(x.words, y.words),
        ranks: [...x.ranks, ...y.ranks],
        city: x.city || y.city,
        traits: [...x.traits, ...y.traits],
        adjective: x.adjective || y.adjective,
      }];
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
// Built per kind on first use: all of them at import took ~75 ms of every start-up, before the first answer.
const ADDITIONS = new Map<Kind, ReturnType<typeof additionsOf>>();
const additions = (kind: Kind) => {
  let built = ADDITIONS.get(kind);
  if (!built) ADDITIONS.set(kind, (built = additionsOf(kind)));
  return built;
};

/** A word key of a modifier (stop words have key '' and are no core word either). */
const isModifier = (key: string) => key === '' || MODIFIER_WORDS.has(key);

/** The phrase's category (by its entry or a stemmed core word) and the words that matched; none when no match. */
function categoryMatch(params: PhraseParams) {
  return categoryOf(params.words.map(keyOf), isModifier);
}

/**
 * Whether an addition fits a query of `category` (none: a phrase of no topic) whose keys are `set`: its
 * traits are the topic's, its audience is not the query's own or a contradicting one, and none of its
 * modifiers excludes a word of the query (modifier-traits.ts).
 */
function fits(x: Addition, category: Category | undefined, set: readonly string[]): boolean {
  if (category && !x.traits.every((t) => category.traits.includes(t))) return false;
  // One city per query: "велосипед москва спб" is nobody's query.
  if (x.city && cityNamed(set) !== undefined) return false;
  if (!x.traits.every((t) => audienceFits(set, t))) return false;
  return !contradicts(set, x.words) && !contradicts(x.words, set);
}

/** The addition as text after a noun of `cls`, its adjectives agreeing (cls known whenever it has one). */
function render(x: Addition, cls: NounClass | undefined): string {
  if (!x.adjective || cls === undefined) return x.texts.join(' ');
  return x.texts.map((t) => (!t.includes(' ') && isNominativeAdjective(t) ? inflectAdjective(t, cls) : t)).join(' ');
}

/**
 * The noun class of the phrase's topic word when the phrase writes it as its entry does ("палатка", not
 * "палатки"): an adjective added after it agrees with it. Undefined when unknown.
 */
function phraseClass(params: PhraseParams, category: Category, match: readonly number[]): NounClass | undefined {
  const written = match.map((i) => params.words[i]!);
  const entry = category.entries.find(([e]) => e.split(' ').length === written.length && e.split(' ').every((w) => written.includes(w)));
  const head = entry ? headNoun(entry[0].split(' ')) : undefined;
  return head === undefined ? undefined : nounClass(head);
}

const byVolume = (a: Candidate, b: Candidate) =>
  b.volume.volume30 - a.volume.volume30 || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0);

/**
 * Every query the model knows that contains the phrase: the phrase followed by one modifier of its kind or
 * two of the popular ones (modifiers that repeat a word of the phrase are skipped, and those that do not
 * fit it: fits); one query per word set, zero-volume queries left out.
 */
function containing(params: PhraseParams): Candidate[] {
  const mine = new Set(params.set);
  const match = categoryMatch(params);
  const category = match ? CATEGORIES[match.category] : undefined;
  const cls = category && match ? phraseClass(params, category, match.match) : undefined;
  const { singles, all } = additions(category ? category.kind : 'generic');
  const stale = new Set(singles.flatMap((s, rank) => (s.words.some((w) => mine.has(w)) ? [rank] : [])));
  const out: Candidate[] = [];
  // A phrase of stop words only is counted by one of them (broadSet); its queries with a modifier are not.
  const own = params.set.filter((k) => !isStopKey(k));
  for (const x of all) {
    if (x.ranks.some((r) => stale.has(r))) continue;
    // An adjective needs a noun to agree with.
    if (x.adjective && cls === undefined) continue;
    if (!fits(x, category, own)) continue;
    // Modifier words are never core words, so the query keeps the phrase's core (what coreOf would give),
    // but for a city's focus.
    const set = mergeSets(own, x.words);
    const volume = setVolume(set, x.city ? coreOf(set) : params.core);
    if (volume.volume30 === 0) continue;
    out.push({ phrase: `${params.phrase} ${render(x, cls)}`, volume });
  }
  return out.sort(byVolume);
}

/**
 * The phrase's words around its topic word(s), for a replacement entry of class `to`: a nominative
 * adjective agrees with the new noun ("детский велосипед" → "детские ролики"), an adjective in another
 * case is left out (the demo declines no noun: "детских велосипедов" → "ролики"); undefined when an
 * adjective cannot agree (a noun in -ь).
 */
function around(params: PhraseParams, replaced: ReadonlySet<number>, entry: string, to: NounClass | undefined, agrees: boolean): string | undefined {
  const at = Math.min(...replaced);
  const out: string[] = [];
  for (let i = 0; i < params.words.length; i++) {
    const w = params.words[i]!;
    if (i === at) out.push(entry);
    if (replaced.has(i)) continue;
    if (isNominativeAdjective(w) && agrees) {
      if (to === undefined) return undefined;
      out.push(inflectAdjective(w, to));
    } else if (!isAdjectiveForm(w) || isModifier(keyOf(w))) {
      out.push(w);
    }
  }
  return out.join(' ');
}

/**
 * Similar queries: the phrase with its category entry (or matched word) replaced by another entry of the
 * same category — a bicycle's neighbours are scooters and roller skates, not tents ("ноутбук купить" →
 * "смартфон купить") — its adjectives agreeing, alone or with a popular modifier of the kind that fits
 * (fits). A phrase of no known topic has none: nothing says what is similar to it. Never contains the
 * phrase (as text or as all of its words); one query per word set; zero-volume queries left out.
 */
function similar(params: PhraseParams): Candidate[] {
  const match = categoryMatch(params);
  if (!match) return [];
  const category = CATEGORIES[match.category]!;
  // The entry's stop words between its words go with it ("корм для собак" → "аквариум", not "аквариум для").
  const replaced = new Set(match.match);
  for (let i = Math.min(...match.match) + 1; i < Math.max(...match.match); i++) if (keyOf(params.words[i]!) === '') replaced.add(i);
  // Adjectives agree with a replacement only when the phrase's own noun is written as its entry is.
  const agrees = phraseClass(params, category, match.match) !== undefined;
  const singles = additions(category.kind).singles.slice(0, ASSOCIATION_MODIFIERS);
  const seen = new Set([params.set.join(' ')]);
  const out: Candidate[] = [];
  for (const [entry] of category.entries) {
    const head = headNoun(entry.split(' '));
    const cls = head === undefined ? undefined : nounClass(head);
    const base = around(params, replaced, entry, cls, agrees);
    if (base === undefined) continue;
    const baseSet = broadSet(base.split(' '));
    // A children's product for a grown-up's phrase ("женский велосипед" → "женский беговел") is nobody's
    // query, nor one whose new entry contradicts the phrase's words ("купить ипотека" → "купить аренда квартиры").
    if (audienceClash(baseSet) || contradicts(baseSet, baseSet)) continue;
    // The phrase's words the base lacks: a variant contains the whole phrase when its modifier adds them all.
    const missing = params.set.filter((w) => !baseSet.includes(w));
    for (let v = -1; v < singles.length; v++) {
      const x = v < 0 ? undefined : singles[v]!;
      if (x && (x.words.some((w) => baseSet.includes(w)) || !fits(x, category, baseSet) || (x.adjective && cls === undefined))) continue;
      if (missing.every((w) => x?.words.includes(w))) continue;
      const set = x ? mergeSets(baseSet, x.words) : baseSet;
      const key = set.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const phrase = x ? `${base} ${render(x, cls)}` : base;
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
