import { DomainError } from '../../../src/domain/errors.js';
import { canonicalPhrase } from '../../../src/domain/source-call.js';
import type { PhraseCount, TopQuery } from '../../../src/domain/types.js';
import type { FakeSource } from '../fake-source.js';
import type { SourceAnswers } from './source-answers.js';

/**
 * Answers for the suggestions pipeline. `top` on the seed `ноутбук` returns SEED_RESULTS and SEED_ASSOCIATIONS
 * (cut to numPhrases); `top` on any other phrase returns its PHRASE_VOLUMES count as totalCount (and its own
 * row), or nothing at all (totalCount 0) for phrases not in the table. Other methods are not used by
 * suggestions and fail loudly.
 */
export const SEED = 'ноутбук';

export const SEED_RESULTS: readonly PhraseCount[] = [
  { phrase: 'ноутбук', count: 50_000 },
  { phrase: 'купить ноутбук', count: 12_000 },
  { phrase: 'игровой ноутбук', count: 6_000 },
  { phrase: 'ноутбук бу', count: 3_000 },
  { phrase: 'ноутбук для учебы', count: 3_000 },
];

export const SEED_ASSOCIATIONS: readonly PhraseCount[] = [
  { phrase: 'планшет', count: 9_000 },
  { phrase: 'ультрабук', count: 2_500 },
];

/** 30-day counts of phrases that are not in the seed's list (what a verification call finds). */
export const PHRASE_VOLUMES: Readonly<Record<string, number>> = {
  'лучший ноутбук 2025': 700,
  'ноутбук для дизайнера': 400,
  'макбук': 9_000,
  'хромбук': 400,
};

const unused = (): never => {
  throw new Error('not used by suggestions');
};

export const seedAnswers: SourceAnswers = {
  top(query) {
    const phrase = canonicalPhrase(query.phrase);
    if (phrase === SEED) {
      return {
        totalCount: 50_000,
        results: SEED_RESULTS.slice(0, query.numPhrases).map((r) => ({ ...r })),
        associations: SEED_ASSOCIATIONS.slice(0, query.numPhrases).map((r) => ({ ...r })),
      };
    }
    const count = PHRASE_VOLUMES[phrase] ?? 0;
    return { totalCount: count, results: count > 0 ? [{ phrase: query.phrase, count }] : [], associations: [] };
  },
  dynamics: unused,
  regions: unused,
  regionTree: () => [],
};

/** The top calls a source got for phrases other than the seed: the verification calls, quota spent. */
export function verificationCalls(source: FakeSource): TopQuery[] {
  return source.calls.flatMap((c) => (c.method === 'top' && canonicalPhrase(c.query.phrase) !== SEED ? [c.query] : []));
}

/** The error a phrase's calls fail with when the test takes the source down for it. */
export const sourceDown = () => new DomainError('SOURCE_UNAVAILABLE', 'the source is down for this phrase');
