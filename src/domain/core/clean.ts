import type { RegionCatalog } from '../regions/catalog.js';
import { DIRECT_LIMITS, directLength, inlineNegatives, negativeKeywordProblem, negativeKeywordText } from './direct.js';
import type { Morphology } from './morphology.js';
import { placeStem } from './place-stem.js';
import { compileRules, startsAt, type CompiledRules, type CoreRulesData, type PlaceEntry } from './rules.js';
import { tokenize } from './text.js';

export interface CorePhraseInput {
  phrase: string;
  /** Broad 30-day count, when known: the highest-volume phrase of a duplicate group is its head. */
  volume?: number | null;
  /** Exact ("!w") count, when measured: 0 tags the phrase `zero_exact`. */
  exact?: number | null;
}

export interface CleanOptions {
  /** The word lists of data/core/ (src/adapters/morphology/core-data.ts loads them). */
  rules: CoreRulesData;
  /** The asked region: a place outside it tags the phrase `geo`. */
  regionId?: number;
  /** The region catalogue, for place names (and for what lies within the asked region). */
  catalog?: RegionCatalog;
}

export type Verdict = 'keep' | 'review' | 'drop';

export interface CleanedPhrase {
  phrase: string;
  lemmas: string[];
  /** The head of its implicit-duplicate group, or null for a head (or a phrase with no duplicate). */
  duplicate_of: string | null;
  noise: string[];
  verdict: Verdict;
  /** A tag: clean, duplicate, zero_exact, empty, or noise:<class>. */
  reason: string;
  volume: number | null;
  exact: number | null;
  /** Kept phrases only: inline negatives (кросс-минусовка) for the kept phrases that contain this one. */
  cross_minus: string[];
}

export interface NegativeKeyword {
  text: string;
  class: string;
  verdict: 'drop' | 'review';
  /** The phrases of the list it removes. */
  removes: string[];
}

export interface CleanResult {
  phrases: CleanedPhrase[];
  negative_keywords: {
    entries: NegativeKeyword[];
    /** The entries of drop classes, one a line, ready to paste as a shared set or campaign negatives. */
    text: string;
    /** Direct length of `text` written inline (`-w -!w …`), `-!` counted as one. */
    inline_length: number;
    /** The entries split into shared sets under the 4,096-character limit (Direct allows 3 per ad group). */
    sets: string[][];
    rejected: { text: string; class: string; problem: string }[];
    /** Limits of Direct the list runs into (more shared sets than an ad group takes). */
    warnings: string[];
    limits: typeof DIRECT_LIMITS;
  };
  /** Sum of kept phrases' volumes (duplicates are dropped, so each group counts once); null without volumes. */
  addressable_volume: number | null;
  counts: { keep: number; review: number; drop: number; duplicates: number };
}

const compiledCache = new WeakMap<CoreRulesData, WeakMap<Morphology, Map<RegionCatalog | undefined, CompiledRules>>>();

function compiled(data: CoreRulesData, morphology: Morphology, catalog?: RegionCatalog): CompiledRules {
  let byMorph = compiledCache.get(data);
  if (!byMorph) compiledCache.set(data, (byMorph = new WeakMap()));
  let byCatalog = byMorph.get(morphology);
  if (!byCatalog) byMorph.set(morphology, (byCatalog = new Map()));
  let rules = byCatalog.get(catalog);
  if (!rules) byCatalog.set(catalog, (rules = compileRules(data, morphology, catalog)));
  return rules;
}

interface Work {
  input: CorePhraseInput;
  index: number;
  lemmas: string[];
  /** Non-stop lemmas in order. */
  content: string[];
  set: string[];
  key: string;
  noise: Set<string>;
  /** negative-keyword key -> entry that matched */
  matched: { key: string; text: string; classId: string; verdict: 'drop' | 'review' }[];
}

/** The place whose region is the nearest ancestor of type region (or the region itself). */
function regionScope(catalog: RegionCatalog, regionId: number): number {
  if (catalog.get(regionId)?.type === 'region') return regionId;
  return catalog.ancestors(regionId).find((r) => r.type === 'region')?.id ?? regionId;
}

/**
 * Cleans a list of search phrases (issue 27, section 2): lemmas, implicit duplicates, noise classes, a
 * verdict with its reason, negative keywords in Direct's syntax, cross-minus words, addressable volume.
 * Pure: the morphology is already loaded, the word lists and the catalogue are passed in. The lists and place
 * names are compiled once per (rules, morphology, catalogue) object: pass the same objects on every call.
 */
export function cleanCore(phrases: readonly CorePhraseInput[], options: CleanOptions, morphology: Morphology): CleanResult {
  const steps = cleanSteps(phrases, options, morphology, Number.POSITIVE_INFINITY);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Phrases analysed between two asks of cleanCoreInSlices' `pause` (each a fraction of a millisecond). */
export const CLEAN_SLICE = 25;

/**
 * cleanCore for a live server: the same work, asking `pause()` after every `slice` phrases of each pass and
 * awaiting what it answers (the caller's yield to the event loop, or undefined to go on: a slicer that yields
 * once some milliseconds have passed; the domain does no I/O of its own). A 10,000-phrase list held the loop
 * 0.4–0.7 s in one piece; in slices no request waits more than one slice.
 */
export async function cleanCoreInSlices(
  phrases: readonly CorePhraseInput[],
  options: CleanOptions,
  morphology: Morphology,
  pause: () => Promise<void> | undefined,
  slice = CLEAN_SLICE,
): Promise<CleanResult> {
  const steps = cleanSteps(phrases, options, morphology, slice);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    const paused = pause();
    if (paused) await paused;
  }
}

/** The work of cleanCore as steps: it yields after every `slice` phrases of each pass over the list. */
function* cleanSteps(phrases: readonly CorePhraseInput[], options: CleanOptions, morphology: Morphology, slice: number): Generator<void, CleanResult> {
  const rules = compiled(options.rules, morphology, options.catalog);
  const { stopWords } = rules;
  const catalog = options.catalog;
  const asked = options.regionId;
  const scope = catalog && asked !== undefined ? regionScope(catalog, asked) : undefined;
  const placeVerdict = new Map<number, 'drop' | 'review' | null>();
  const judgePlace = (place: PlaceEntry): 'drop' | 'review' | null => {
    if (!catalog || asked === undefined) return null;
    let v = placeVerdict.get(place.regionId);
    if (v === undefined) {
      const id = place.regionId;
      if (catalog.isWithin(id, asked) || catalog.isWithin(asked, id)) v = null;
      else if (scope !== undefined && catalog.isWithin(id, scope)) v = 'review';
      else v = 'drop';
      placeVerdict.set(id, v);
    }
    return v;
  };

  const works: Work[] = [];
  const analyse = (input: CorePhraseInput, index: number): Work => {
    const words = tokenize(input.phrase);
    const lemmas = words.map((w) => morphology.lemma(w));
    const content = lemmas.filter((l) => !stopWords.has(l));
    const noise = new Set<string>();
    const matched: Work['matched'] = [];
    for (let i = 0; i < lemmas.length; i++) {
      for (const entry of rules.noiseByFirst.get(lemmas[i]!) ?? []) {
        if (!startsAt(lemmas, i, entry.lemmas)) continue;
        noise.add(entry.classId);
        matched.push({ key: `${entry.classId}|${entry.text}`, text: entry.text, classId: entry.classId, verdict: entry.verdict });
      }
    }
    let places = 0;
    const found: { place: PlaceEntry; verdict: 'drop' | 'review' | null }[] = [];
    const contentWords = words.filter((_, k) => !stopWords.has(lemmas[k]!));
    const variantsAt = (k: number) => morphology.lemmaVariants(contentWords[k]!);
    const placeAt = (i: number) => {
      for (const first of variantsAt(i))
        for (const p of rules.placesByFirst.get(first) ?? [])
          if (i + p.lemmas.length <= content.length && p.lemmas.every((l, k) => k === 0 || variantsAt(i + k).includes(l)))
            return p;
      // A name the dictionary does not know: its words' crude stems.
      const stemAt = (k: number) => placeStem(contentWords[k]!);
      for (const p of rules.placesByStem.get(stemAt(i)) ?? [])
        if (i + p.stems.length <= content.length && p.stems.every((st, k) => k === 0 || stemAt(i + k) === st)) return p;
      return undefined;
    };
    for (let i = 0; i < content.length; i++) {
      const place = placeAt(i);
      if (!place) continue;
      places++;
      found.push({ place, verdict: judgePlace(place) });
      i += place.lemmas.length - 1;
    }
    // A route from or to the asked place ("москва спб" for Moscow) is not other-city noise: the specialist decides.
    const route = found.length >= 2 && asked !== undefined && found.some((f) => f.verdict === null);
    for (const { place, verdict } of found) {
      if (!verdict) continue;
      if (route) {
        noise.add('geo_route');
        continue;
      }
      const classId = verdict === 'drop' ? 'geo' : 'geo_nearby';
      noise.add(classId);
      const text = negativeKeywordText(place.lemmas.length > 1 ? place.text.split(/\s+/) : [place.text], stopWords);
      matched.push({ key: `geo|${text}`, text, classId, verdict });
    }
    if (input.exact === 0) noise.add('zero_exact');
    const ordered = rules.orderRules.some((rule) => {
      let hits = 0;
      if (rule.places) hits = places;
      else for (const l of new Set(content)) if (rule.anyOf.has(l)) hits++;
      return hits >= rule.minMatches;
    });
    const set = [...new Set(content)].sort();
    const key = ordered ? `o:${content.join(' ')}` : `s:${set.join(' ')}`;
    return { input, index, lemmas, content, set, key, noise, matched };
  };
  for (let index = 0; index < phrases.length; index++) {
    works.push(analyse(phrases[index]!, index));
    if ((index + 1) % slice === 0) yield;
  }

  // Implicit duplicates: one head per key, the highest volume when volumes are known, else the first.
  const heads = new Map<string, Work>();
  for (const w of works) {
    if (w.content.length === 0) continue;
    const head = heads.get(w.key);
    if (!head || (w.input.volume ?? -1) > (head.input.volume ?? -1)) heads.set(w.key, w);
  }

  const out: CleanedPhrase[] = works.map((w) => {
    const head = heads.get(w.key);
    const duplicateOf = head && head !== w ? head.input.phrase : null;
    const noise = [...w.noise];
    let verdict: Verdict = 'keep';
    let reason = 'clean';
    const dropClass = noise.find((c) => c === 'geo' || rules.classVerdict.get(c) === 'drop');
    const reviewClass = noise.find((c) => c === 'geo_nearby' || c === 'geo_route' || rules.classVerdict.get(c) === 'review');
    if (w.content.length === 0) [verdict, reason] = ['drop', 'empty'];
    else if (duplicateOf !== null) [verdict, reason] = ['drop', 'duplicate'];
    else if (dropClass) [verdict, reason] = ['drop', `noise:${dropClass}`];
    else if (w.noise.has('zero_exact')) [verdict, reason] = ['drop', 'zero_exact'];
    else if (reviewClass) [verdict, reason] = ['review', `noise:${reviewClass}`];
    return {
      phrase: w.input.phrase,
      lemmas: w.lemmas,
      duplicate_of: duplicateOf,
      noise,
      verdict,
      reason,
      volume: w.input.volume ?? null,
      exact: w.input.exact ?? null,
      cross_minus: [],
    };
  });

  yield;
  yield* crossMinus(works, out, stopWords, slice);

  // Negative keywords, each with the phrases it removes.
  const byKey = new Map<string, NegativeKeyword>();
  const rejected: CleanResult['negative_keywords']['rejected'] = [];
  const rejectedKeys = new Set<string>();
  for (const w of works) {
    for (const m of w.matched) {
      let entry = byKey.get(m.key);
      if (!entry) {
        if (rejectedKeys.has(m.key)) continue;
        const problem = negativeKeywordProblem(m.text);
        if (problem) {
          rejectedKeys.add(m.key);
          rejected.push({ text: m.text, class: m.classId, problem });
          continue;
        }
        byKey.set(m.key, (entry = { text: m.text, class: m.classId, verdict: m.verdict, removes: [] }));
      }
      if (entry.removes[entry.removes.length - 1] !== w.input.phrase) entry.removes.push(w.input.phrase);
    }
  }
  const entries = [...byKey.values()];
  const pasted = [...new Set(entries.filter((e) => e.verdict === 'drop').map((e) => e.text))];
  const inline = pasted.map((t) => `-${t}`).join(' ');
  const sets: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const t of pasted) {
    const add = directLength(t) + (current.length ? 1 : 0);
    if (current.length && length + add > DIRECT_LIMITS.maxKeywordWithNegativesLength) {
      sets.push(current);
      current = [];
      length = 0;
    }
    current.push(t);
    length += directLength(t) + (current.length > 1 ? 1 : 0);
  }
  if (current.length) sets.push(current);

  let addressable: number | null = null;
  const counts = { keep: 0, review: 0, drop: 0, duplicates: 0 };
  for (const p of out) {
    counts[p.verdict]++;
    if (p.duplicate_of !== null) counts.duplicates++;
    if (p.verdict === 'keep' && typeof p.volume === 'number') addressable = (addressable ?? 0) + p.volume;
  }

  return {
    phrases: out,
    negative_keywords: {
      entries,
      text: pasted.join('\n'),
      inline_length: directLength(inline),
      sets,
      rejected,
      warnings:
        sets.length > DIRECT_LIMITS.maxSharedSetsPerAdGroup
          ? [`${sets.length} shared sets: an ad group takes at most ${DIRECT_LIMITS.maxSharedSetsPerAdGroup}, a user ${DIRECT_LIMITS.maxSharedSetsPerUser}`]
          : [],
      limits: DIRECT_LIMITS,
    },
    addressable_volume: addressable,
    counts,
  };
}

const MAX_SUBSET_WORDS = 10;

/**
 * Кросс-минусовка: a kept phrase whose lemma set is strictly inside another kept phrase's gets that
 * phrase's extra words as inline negatives, so each query lands on its most precise keyword. Found by
 * enumerating the subsets of each phrase (up to 10 words), not by comparing every pair.
 */
function* crossMinus(works: readonly Work[], out: CleanedPhrase[], stopWords: ReadonlySet<string>, slice: number): Generator<void, void> {
  const keptBySet = new Map<string, number>();
  works.forEach((w, i) => {
    if (out[i]!.verdict === 'keep') keptBySet.set(w.set.join(' '), i);
  });
  const extra = new Map<number, Set<string>>();
  for (let i = 0; i < works.length; i++) {
    if ((i + 1) % slice === 0) yield;
    const w = works[i]!;
    if (out[i]!.verdict !== 'keep') continue;
    const n = w.set.length;
    if (n < 2 || n > MAX_SUBSET_WORDS) continue;
    for (let mask = 1; mask < (1 << n) - 1; mask++) {
      const sub: string[] = [];
      const rest: string[] = [];
      for (let b = 0; b < n; b++) (mask & (1 << b) ? sub : rest).push(w.set[b]!);
      const j = keptBySet.get(sub.join(' '));
      if (j === undefined || j === i) continue;
      let words = extra.get(j);
      if (!words) extra.set(j, (words = new Set()));
      for (const r of rest) words.add(r);
    }
  }
  for (const [j, words] of extra) {
    const phrase = out[j]!;
    let length = directLength(phrase.phrase);
    for (const neg of inlineNegatives([...words].filter((x) => x.length <= DIRECT_LIMITS.maxWordLength).sort(), stopWords)) {
      const add = directLength(neg) + 1;
      if (length + add > DIRECT_LIMITS.maxKeywordWithNegativesLength) break;
      phrase.cross_minus.push(neg);
      length += add;
    }
  }
}
