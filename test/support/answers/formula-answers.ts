import { periodStarts } from '../../../src/domain/dates/periods.js';
import type { SourceAnswers } from './source-answers.js';

const words = (phrase: string) => phrase.split(' ').length;

/**
 * Numbers that follow simple formulas the /v2 and GraphQL tests recompute by hand: top counts 10 000 × (word
 * count) and up to five rows; a dynamics period counts 1000 × (word count) + 10 × (its index); regions are
 * four fixed rows of a total of 1000; the region tree is empty.
 */
export const formulaAnswers: SourceAnswers = {
  top(q) {
    const total = 10_000 * words(q.phrase);
    const results = Array.from({ length: Math.min(q.numPhrases, 5) }, (_, i) => ({
      phrase: i === 0 ? q.phrase : `${q.phrase} вариант ${i}`,
      count: i === 0 ? total : Math.floor(total / (i + 1)),
    }));
    return { totalCount: total, results, associations: [{ phrase: 'похожий запрос', count: 42 }] };
  },
  dynamics(q) {
    return {
      points: periodStarts(q.fromDate, q.toDate, q.period).map((date, i) => ({
        date,
        count: 1000 * words(q.phrase) + 10 * i,
        share: 0.0001,
      })),
    };
  },
  regions() {
    const rows = [
      { regionId: 225, count: 1000, affinityIndex: 100 },
      { regionId: 1, count: 400, affinityIndex: 120 },
      { regionId: 213, count: 300, affinityIndex: 130 },
      { regionId: 2, count: 150, affinityIndex: 110 },
    ];
    return { rows, total: 1000 };
  },
  regionTree: () => [],
};
