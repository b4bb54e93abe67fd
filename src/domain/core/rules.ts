import type { Morphology } from './morphology.js';
import type { RegionCatalog } from '../regions/catalog.js';
import { placeStem } from './place-stem.js';
import { tokenize } from './text.js';
import type { CommerceListsData } from './intent.js';

/** data/core/noise-classes.json */
export interface NoiseClassesData {
  classes: { id: string; verdict: 'drop' | 'review'; source: string; entries: string[] }[];
}
/** data/core/stop-words.json */
export interface StopWordsData {
  words: string[];
}
/** data/core/order-rules.json */
export interface OrderRulesData {
  rules: { id: string; anyOf: string[]; minMatches: number }[];
}
/** data/core/place-aliases.json */
export interface PlaceAliasesData {
  aliases: Record<string, number>;
  ambiguous: string[];
}
/** The word lists of data/core/, as loaded (the adapter reads them; the rules stay pure). */
export interface CoreRulesData {
  noise: NoiseClassesData;
  stopWords: StopWordsData;
  orderRules: OrderRulesData;
  places: PlaceAliasesData;
  /** data/core/commerce.json (core_intent). */
  commerce: CommerceListsData;
}

/** One noise-list entry, in lemmas. */
export interface NoiseEntry {
  classId: string;
  verdict: 'drop' | 'review';
  /** As written in the data file: the negative keyword's text. */
  text: string;
  lemmas: string[];
}

export interface PlaceEntry {
  regionId: number;
  /** The name as written (catalogue name lower-cased, or the alias). */
  text: string;
  /** Non-stop lemmas of the name. */
  lemmas: string[];
  /** Crude stems of the name's words as written (see place-stem.ts), for names the dictionary does not know. */
  stems: string[];
}

export interface CompiledRules {
  stopWords: ReadonlySet<string>;
  /** Noise entries indexed by their first lemma. */
  noiseByFirst: ReadonlyMap<string, readonly NoiseEntry[]>;
  classVerdict: ReadonlyMap<string, 'drop' | 'review'>;
  orderRules: { id: string; anyOf: ReadonlySet<string>; places: boolean; minMatches: number }[];
  /** Place names indexed by their first lemma (empty without a catalogue but for the aliases). */
  placesByFirst: ReadonlyMap<string, readonly PlaceEntry[]>;
  /** The same places indexed by the stem of their first word. */
  placesByStem: ReadonlyMap<string, readonly PlaceEntry[]>;
}

const lemmasOf = (text: string, morphology: Morphology): string[] => tokenize(text).map((w) => morphology.lemma(w));

function pushIndexed<T>(index: Map<string, T[]>, key: string | undefined, value: T): void {
  if (key === undefined) return;
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

const PLACE_TYPES = new Set(['city', 'region', 'country']);

/** Turns the word lists into lemma indexes; done once per (data, catalogue, morphology). */
export function compileRules(data: CoreRulesData, morphology: Morphology, catalog?: RegionCatalog): CompiledRules {
  const stopWords = new Set(data.stopWords.words);
  const noiseByFirst = new Map<string, NoiseEntry[]>();
  const classVerdict = new Map<string, 'drop' | 'review'>();
  for (const cls of data.noise.classes) {
    classVerdict.set(cls.id, cls.verdict);
    const seen = new Set<string>();
    for (const text of cls.entries) {
      const lemmas = lemmasOf(text, morphology);
      const key = lemmas.join(' ');
      if (lemmas.length === 0 || seen.has(key)) continue;
      seen.add(key);
      pushIndexed(noiseByFirst, lemmas[0], { classId: cls.id, verdict: cls.verdict, text, lemmas });
    }
  }

  const ambiguousWords = tokenize(data.places.ambiguous.join(' '));
  const ambiguous = new Set([...ambiguousWords, ...ambiguousWords.map((w) => morphology.lemma(w)), ...ambiguousWords.map(placeStem)]);
  const placesByFirst = new Map<string, PlaceEntry[]>();
  const placesByStem = new Map<string, PlaceEntry[]>();
  const seenPlaces = new Set<string>();
  const seenStems = new Set<string>();
  const addPlace = (text: string, regionId: number, asWritten = false) => {
    // A name the dictionary does not know is guessed (Казань → казанить): index it as written as well.
    const words = tokenize(text).filter((w) => !stopWords.has(w));
    const lemmas = asWritten ? words : words.map((w) => morphology.lemma(w));
    const stems = words.map(placeStem);
    const key = `${regionId}:${lemmas.join(' ')}`;
    if (lemmas.length === 0 || seenPlaces.has(key)) return;
    if (lemmas.length === 1 && (ambiguous.has(lemmas[0]!) || ambiguous.has(words[0]!) || ambiguous.has(stems[0]!))) return;
    seenPlaces.add(key);
    const entry = { regionId, text: text.toLowerCase().replaceAll('ё', 'е'), lemmas, stems };
    pushIndexed(placesByFirst, lemmas[0], entry);
    const stemKey = `${regionId}:${stems.join(' ')}`;
    if (!seenStems.has(stemKey)) {
      seenStems.add(stemKey);
      pushIndexed(placesByStem, stems[0], entry);
    }
  };
  for (const [alias, regionId] of Object.entries(data.places.aliases)) addPlace(alias, regionId);
  if (catalog)
    for (const region of catalog.all)
      if (PLACE_TYPES.has(region.type)) {
        addPlace(region.name, region.id);
        addPlace(region.name, region.id, true);
      }
  // Longest names first, so "нижний новгород" wins over a shorter name starting the same way.
  for (const list of placesByFirst.values()) list.sort((a, b) => b.lemmas.length - a.lemmas.length);
  for (const list of placesByStem.values()) list.sort((a, b) => b.stems.length - a.stems.length);

  const orderRules = data.orderRules.rules.map((rule) => ({
    id: rule.id,
    places: rule.anyOf.includes('@place'),
    anyOf: new Set(rule.anyOf.filter((w) => w !== '@place').map((w) => morphology.lemma(w))),
    minMatches: rule.minMatches,
  }));
  return { stopWords, noiseByFirst, classVerdict, orderRules, placesByFirst, placesByStem };
}

/** True when `needle` occurs in `hay` as consecutive items from index `at`. */
export function startsAt(hay: readonly string[], at: number, needle: readonly string[]): boolean {
  if (at + needle.length > hay.length) return false;
  for (let i = 0; i < needle.length; i++) if (hay[at + i] !== needle[i]) return false;
  return true;
}
