import type { StatisticsSource } from '../../src/ports/statistics-source.js';

/** What the next upstream call does: answer normally, or throw this error. */
export type Behaviour = 'ok' | Error;

export interface CountingSource extends StatisticsSource {
  /** Upstream calls started so far, all methods. */
  readonly calls: number;
  /** Decides each call's outcome by its 1-based number; default: every call succeeds. */
  behave(plan: (callNumber: number) => Behaviour): void;
}

/**
 * A slow fake source that counts its calls. Each answer embeds the number of the call that produced it
 * (`totalCount = 1000 * n`), so a test can tell which upstream call a value came from.
 */
export function createCountingSource(delayMs = 50): CountingSource {
  let calls = 0;
  let plan: (callNumber: number) => Behaviour = () => 'ok';
  const run = async <T>(answer: (n: number) => T): Promise<T> => {
    const n = ++calls;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const outcome = plan(n);
    if (outcome !== 'ok') throw outcome;
    return answer(n);
  };
  return {
    kind: 'demo',
    get calls() {
      return calls;
    },
    behave(next) {
      plan = next;
    },
    top: (query) =>
      run((n) => ({
        totalCount: 1000 * n,
        results: [{ phrase: query.phrase, count: 1000 * n }],
        associations: [{ phrase: `${query.phrase} связанный`, count: n }],
      })),
    dynamics: (query) => run((n) => ({ points: [{ date: query.fromDate, count: n, share: 0 }] })),
    regions: () => run((n) => ({ rows: [{ regionId: 213, count: n, affinityIndex: 100 }], total: n })),
    regionTree: async () => [],
  };
}
