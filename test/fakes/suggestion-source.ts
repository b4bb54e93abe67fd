import { DomainError } from '../../src/domain/errors.js';
import { canonicalPhrase, type SourceCall } from '../../src/domain/source-call.js';
import type { PhraseCount, TopQuery } from '../../src/domain/types.js';
import type { StatisticsSource } from '../../src/ports/statistics-source.js';

/**
 * A counting source for the suggestions pipeline. `top` on the seed `ноутбук` returns SEED_RESULTS and
 * SEED_ASSOCIATIONS (cut to numPhrases); `top` on any other phrase returns its PHRASE_VOLUMES count as
 * totalCount (and its own row), or nothing at all (totalCount 0) for phrases not in the table. Every call is
 * recorded: the tests' measure of quota spent. Other methods are not used by suggestions and fail loudly.
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

export interface SuggestionSource extends StatisticsSource {
  readonly calls: SourceCall[];
  /** The top calls made for phrases other than the seed. */
  verificationCalls(): TopQuery[];
  /** Calls for these phrases (canonical) fail with SOURCE_UNAVAILABLE. */
  failFor: Set<string>;
}

export function createSuggestionSource(): SuggestionSource {
  const calls: SourceCall[] = [];
  const failFor = new Set<string>();
  const unused = async (): Promise<never> => {
    throw new Error('not used by suggestions');
  };
  return {
    kind: 'demo',
    calls,
    failFor,
    verificationCalls: () =>
      calls.flatMap((c) => (c.method === 'top' && canonicalPhrase(c.query.phrase) !== SEED ? [c.query] : [])),
    async top(query) {
      calls.push(structuredClone({ method: 'top', query }));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const phrase = canonicalPhrase(query.phrase);
      if (failFor.has(phrase)) throw new DomainError('SOURCE_UNAVAILABLE', 'the source is down for this phrase');
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
    regionTree: async () => [],
  };
}
