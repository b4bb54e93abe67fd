import { periodStarts } from '../../src/domain/dates/periods.js';
import type { DynamicsQuery, RegionsQuery, TopQuery } from '../../src/domain/types.js';
import type { StatisticsSource } from '../../src/ports/statistics-source.js';

/** A counter of upstream calls per method: the tests' measure of money spent. */
export interface CallCounter {
  top: number;
  dynamics: number;
  regions: number;
  regionTree: number;
  total(): number;
}

/**
 * A deterministic source for the /v2 and GraphQL tests: numbers follow simple formulas the tests can recompute by hand.
 * Monthly count of a phrase = 1000 × (word count) + 10 × (month number); a day is 1/days-in-period of that.
 */
export function createFormulaSource(options: { fail?: (method: string) => Error | undefined } = {}) {
  const calls: CallCounter = {
    top: 0,
    dynamics: 0,
    regions: 0,
    regionTree: 0,
    total() {
      return this.top + this.dynamics + this.regions + this.regionTree;
    },
  };
  const check = (method: keyof Omit<CallCounter, 'total'>) => {
    calls[method]++;
    const error = options.fail?.(method);
    if (error) throw error;
  };
  const words = (phrase: string) => phrase.split(' ').length;
  const source: StatisticsSource = {
    kind: 'demo',
    async top(q: TopQuery) {
      check('top');
      const total = 10_000 * words(q.phrase);
      const results = Array.from({ length: Math.min(q.numPhrases, 5) }, (_, i) => ({
        phrase: i === 0 ? q.phrase : `${q.phrase} вариант ${i}`,
        count: i === 0 ? total : Math.floor(total / (i + 1)),
      }));
      return { totalCount: total, results, associations: [{ phrase: 'похожий запрос', count: 42 }] };
    },
    async dynamics(q: DynamicsQuery) {
      check('dynamics');
      return {
        points: periodStarts(q.fromDate, q.toDate, q.period).map((date, i) => ({
          date,
          count: 1000 * words(q.phrase) + 10 * i,
          share: 0.0001,
        })),
      };
    },
    async regions(q: RegionsQuery) {
      check('regions');
      const rows = [
        { regionId: 225, count: 1000, affinityIndex: 100 },
        { regionId: 1, count: 400, affinityIndex: 120 },
        { regionId: 213, count: 300, affinityIndex: 130 },
        { regionId: 2, count: 150, affinityIndex: 110 },
      ];
      return { rows, total: 1000 * (q.devices.length === 0 ? 1 : 1) };
    },
    async regionTree() {
      check('regionTree');
      return [];
    },
  };
  return { source, calls };
}
