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

/** The phrase part of a call's key: the canonical phrase, its words sorted when their order cannot matter. */
function phraseKey(phrase: string): string {
  const text = canonicalPhrase(phrase);
  return ORDER_OPERATORS.test(text) || !text.includes(' ') ? text : text.split(' ').sort().join(' ');
}

/**
 * The one cache key of a source call: method plus every parameter that changes the upstream answer, in a
 * fixed order, with lists sorted. /v1, /v2 and GraphQL build the same key for the same upstream request.
 */
export function sourceCallKey(call: SourceCall): string {
  switch (call.method) {
    case 'top': {
      const q = call.query;
      return `top|${phraseKey(q.phrase)}|n=${q.numPhrases}|r=${sorted(q.regions)}|d=${sorted(q.devices)}`;
    }
    case 'dynamics': {
      const q = call.query;
      return `dynamics|${phraseKey(q.phrase)}|${q.period}|${q.fromDate}..${q.toDate}|r=${sorted(q.regions)}|d=${sorted(q.devices)}`;
    }
    case 'regions': {
      const q = call.query;
      return `regions|${phraseKey(q.phrase)}|${q.level}|d=${sorted(q.devices)}`;
    }
  }
}

/** A list as a set: order and repeats do not change the upstream answer. */
function sorted(list: readonly (number | string)[]): string {
  return [...new Set(list)].sort().join(',');
}
