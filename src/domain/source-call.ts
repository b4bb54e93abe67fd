import type {
  DynamicsQuery,
  DynamicsResult,
  RegionsQuery,
  RegionsResult,
  TopQuery,
  TopResult,
} from './types.js';
import { createBoundedMemo } from './bounded-memo.js';
import { collapseSpaces } from './collapse-spaces.js';

/** One upstream request, in canonical form; the unit of caching, coalescing, quota and billing economy. */
export type SourceCall =
  | { method: 'top'; query: TopQuery }
  | { method: 'dynamics'; query: DynamicsQuery }
  | { method: 'regions'; query: RegionsQuery };

export type SourceMethod = SourceCall['method'];

/** The result type of each source method. */
export interface SourceResults {
  top: TopResult;
  dynamics: DynamicsResult;
  regions: RegionsResult;
}

/** Phrases are short and few repeat often: every cache hit asks for the same ones several times. */
const canonicalPhrases = createBoundedMemo<string, string>(4096);
/** Longer phrases are computed each time, so the memo holds at most 4096 × 512 UTF-16 units of keys. */
const MEMO_MAX_PHRASE_LENGTH = 512;

/**
 * The form in which the service compares phrases: what Wordstat tells apart, and nothing more. It matches
 * case-insensitively, ignores extra spaces and treats ё as е; Unicode spellings of one text (NFD vs NFC, zero-width
 * and other invisible characters) are one text. Each variant used to be a cache entry and an upstream call of its
 * own. Call keys also ignore word order where Wordstat does (see phraseKey).
 */
export function canonicalPhrase(phrase: string): string {
  if (phrase.length > MEMO_MAX_PHRASE_LENGTH) return computeCanonicalPhrase(phrase);
  return canonicalPhrases.get(phrase, computeCanonicalPhrase);
}

/** Characters that print nothing: format controls (zero-width space and joiners, bidi marks, soft hyphen, BOM)
 * and other default-ignorable code points (variation selectors), but not whitespace. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Operators that make word order (or grouping) matter: exact phrase, fixed order, alternatives. */
const ORDER_OPERATORS = /["[\]()|]/;

/** NFC, without invisible characters: the text as the cache key compares it. */
function visibleText(phrase: string): string {
  return phrase.normalize('NFC').replace(INVISIBLE, '');
}

function computeCanonicalPhrase(phrase: string): string {
  return collapseSpaces(visibleText(phrase)).toLowerCase().replaceAll('ё', 'е');
}

/** A word Wordstat reads as an exclusion ("-детский"): kept after the other words when they are sorted. */
const isMinusWord = (word: string) => word.startsWith('-');

/**
 * The phrase a call of `method` sends upstream, and the phrase part of its key: one and the same text, so an
 * answer cached under a key is always the answer to that key's phrase (issue 24, item 1: a key that dropped
 * invisible characters the upstream still saw let one client's zero-width spelling answer another's plain word).
 * It is the canonical phrase; for dynamics and regions its words are also sorted when their order cannot matter
 * (no order operator), since those answers are numbers only and broad match ignores word order. GetTop keeps the
 * order: its rows are text (the first echoes the phrase, a model's rows follow its wording), and one word order's
 * rows must not answer the other's. Minus words stay after the others (a phrase need not open with one).
 */
export function sourcePhrase(method: SourceMethod, phrase: string): string {
  const text = canonicalPhrase(phrase);
  if (method === 'top' || ORDER_OPERATORS.test(text) || !text.includes(' ')) return text;
  const words = text.split(' ');
  return [...words.filter((w) => !isMinusWord(w)).sort(), ...words.filter(isMinusWord).sort()].join(' ');
}

/**
 * The call as it goes upstream: its phrase is sourcePhrase, its region and device lists the sets its key names
 * (sorted, without repeats). The gateway sends exactly this, and sourceCallKey is made from exactly this.
 */
export function upstreamCall(call: SourceCall): SourceCall {
  const phrase = sourcePhrase(call.method, call.query.phrase);
  const devices = setOf(call.query.devices);
  switch (call.method) {
    case 'top':
      return { method: 'top', query: { ...call.query, phrase, regions: setOf(call.query.regions), devices } };
    case 'dynamics':
      return { method: 'dynamics', query: { ...call.query, phrase, regions: setOf(call.query.regions), devices } };
    case 'regions':
      return { method: 'regions', query: { ...call.query, phrase, devices } };
  }
}

/**
 * The one cache key of a source call: method plus every parameter that changes the upstream answer, in a
 * fixed order, with lists sorted. /v1, /v2 and GraphQL build the same key for the same upstream request, and
 * the key names exactly what upstreamCall sends.
 */
export function sourceCallKey(call: SourceCall): string {
  switch (call.method) {
    case 'top': {
      const q = call.query;
      return `top|${sourcePhrase('top', q.phrase)}|n=${q.numPhrases}|r=${setOf(q.regions)}|d=${setOf(q.devices)}`;
    }
    case 'dynamics': {
      const q = call.query;
      return `dynamics|${sourcePhrase('dynamics', q.phrase)}|${q.period}|${q.fromDate}..${q.toDate}|r=${setOf(q.regions)}|d=${setOf(q.devices)}`;
    }
    case 'regions': {
      const q = call.query;
      return `regions|${sourcePhrase('regions', q.phrase)}|${q.level}|d=${setOf(q.devices)}`;
    }
  }
}

/** A list as a set: order and repeats do not change the upstream answer (sorted as text, as keys always were). */
function setOf<T extends number | string>(list: readonly T[]): T[] {
  return [...new Set(list)].sort();
}
