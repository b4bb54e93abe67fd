import { describe, expect, it } from 'vitest';
import { getDynamics } from '../../src/services/dynamics.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createFixtureCatalog } from '../support/catalog.js';

/*
 * Issue 20, item 28: the source's buckets are matched to the window's periods by period, not by exact date. A
 * weekly bucket stamped on its Sunday, or a monthly one on another day of its month, used to become a silent 0.
 */
function contextAnswering(points: { date: string; count: number; share: number }[]): ServiceContext {
  return {
    catalog: createFixtureCatalog(),
    today: '2025-03-15',
    source: { dynamics: async () => ({ points }) },
  } as unknown as ServiceContext;
}

describe('dynamics points are matched by period', () => {
  it('weekly buckets dated on their Sunday land on their Monday', async () => {
    const ctx = contextAnswering([
      { date: '2025-03-02', count: 100, share: 0.01 }, // Sunday of the week of Monday 2025-02-24
      { date: '2025-03-09', count: 200, share: 0.02 }, // Sunday of the week of Monday 2025-03-03
    ]);
    const answer = await getDynamics(ctx, { phrase: 'кот', period: 'weekly', fromDate: '2025-02-24', toDate: '2025-03-09' });
    expect(answer.results.map((p) => [p.date, p.count])).toEqual([
      ['2025-02-24', 100],
      ['2025-03-03', 200],
    ]);
  });

  it('a monthly bucket dated on the 2nd lands on its month', async () => {
    const ctx = contextAnswering([{ date: '2025-01-02', count: 500, share: 0.05 }]);
    const answer = await getDynamics(ctx, { phrase: 'кот', period: 'monthly', fromDate: '2025-01-01', toDate: '2025-01-31' });
    expect(answer.results).toEqual([{ date: '2025-01-01', count: 500, share: 0.05 }]);
  });
});
