import type { SourceAnswers } from './source-answers.js';

/**
 * Answers that embed the number of the call that produced them (`totalCount = 1000 × n`, counts n), so a
 * test can tell which upstream call a value came from (coalescing, stale-if-error, task retries).
 */
export const callNumberAnswers: SourceAnswers = {
  top: (query, n) => ({
    totalCount: 1000 * n,
    results: [{ phrase: query.phrase, count: 1000 * n }],
    associations: [{ phrase: `${query.phrase} связанный`, count: n }],
  }),
  dynamics: (query, n) => ({ points: [{ date: query.fromDate, count: n, share: 0 }] }),
  regions: (_query, n) => ({ rows: [{ regionId: 213, count: n, affinityIndex: 100 }], total: n }),
  regionTree: () => [],
};
