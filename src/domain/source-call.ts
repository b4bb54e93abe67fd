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

/** Wordstat matches phrases case-insensitively and ignores extra spaces: so does the cache key. */
export function canonicalPhrase(phrase: string): string {
  if (phrase.length > MEMO_MAX_PHRASE_LENGTH) return computeCanonicalPhrase(phrase);
  return canonicalPhrases.get(phrase, computeCanonicalPhrase);
}

function computeCanonicalPhrase(phrase: string): string {
  return collapseSpaces(phrase).toLowerCase();
}

/**
 * The one cache key of a source call: method plus every parameter that changes the upstream answer, in a
 * fixed order, with lists sorted. /v1, /v2 and GraphQL build the same key for the same upstream request.
 */
export function sourceCallKey(call: SourceCall): string {
  switch (call.method) {
    case 'top': {
      const q = call.query;
      return `top|${canonicalPhrase(q.phrase)}|n=${q.numPhrases}|r=${sorted(q.regions)}|d=${sorted(q.devices)}`;
    }
    case 'dynamics': {
      const q = call.query;
      return `dynamics|${canonicalPhrase(q.phrase)}|${q.period}|${q.fromDate}..${q.toDate}|r=${sorted(q.regions)}|d=${sorted(q.devices)}`;
    }
    case 'regions': {
      const q = call.query;
      return `regions|${canonicalPhrase(q.phrase)}|${q.level}|d=${sorted(q.devices)}`;
    }
  }
}

function sorted(list: readonly (number | string)[]): string {
  return [...list].sort().join(',');
}
