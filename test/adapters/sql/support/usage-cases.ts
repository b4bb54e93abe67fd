import { describe, expect, it } from 'vitest';
import { createSqlLedger } from '../../../../src/adapters/sql/sql-ledger.js';
import { createSqlUsageReader } from '../../../../src/adapters/sql/sql-usage-reader.js';
import type { UsageRow } from '../../../../src/ports/ledger.js';
import { silentLogger } from '../../../../src/ports/logger.js';
import { createUsageService } from '../../../../src/services/usage.js';
import type { SqlSuiteEnv } from './env.js';

const r = (at: string, keyId: string, operation: string, cacheStatus: UsageRow['cacheStatus'], status: number, price: number): UsageRow => ({
  at: new Date(at),
  keyId,
  operation,
  cacheStatus,
  status,
  price,
});

// Moscow is UTC+3 all year, so a day there runs from 21:00Z the day before to 21:00Z.
const FIXTURE: UsageRow[] = [
  r('2025-03-09T20:59:59Z', 'A', 'v2.top', 'MISS', 200, 1), // 03-09 23:59:59 local: before the range
  r('2025-03-09T21:30:00Z', 'A', 'v2.top', 'HIT', 200, 0.1), // 03-10 00:30 local
  r('2025-03-10T08:00:00Z', 'A', 'v2.top', 'MISS', 200, 1),
  r('2025-03-10T09:00:00Z', 'A', 'v2.top', 'HIT', 200, 0.1),
  r('2025-03-11T10:00:00Z', 'A', 'graphql.top', 'STALE', 200, 0.1),
  r('2025-03-11T11:00:00Z', 'A', 'v2.dynamics', 'MISS', 500, 0),
  r('2025-03-12T21:00:00Z', 'A', 'v2.top', 'MISS', 200, 1), // 03-13 00:00 local: after the range
  r('2025-03-10T12:00:00Z', 'B', 'v1.search_volume', 'MISS', 200, 1),
  r('2025-03-12T12:00:00Z', 'B', 'v1.search_volume', 'HIT', 200, 0.1),
];

const range = { from: '2025-03-10', to: '2025-03-12' };

export function usageCases(env: SqlSuiteEnv): void {
  describe('usage', () => {
    async function seeded() {
      const ledger = createSqlLedger({ client: env.client(), logger: silentLogger });
      for (const row of FIXTURE) ledger.record(row);
      await ledger.close();
      const now = Date.parse('2025-03-12T12:00:00Z'); // 15:00 on 2025-03-12 in Moscow
      return createUsageService({ reader: createSqlUsageReader({ client: env.client() }), clock: { now: () => now }, timeZone: 'Europe/Moscow' });
    }

    it("reports one key's calls, hits and spend by local day and operation", async () => {
      const usage = await seeded();
      const report = await usage.forKey('A', range);
      expect(report).toMatchObject({ from: '2025-03-10', to: '2025-03-12', timeZone: 'Europe/Moscow' });
      expect(report.totals).toEqual({ calls: 5, hits: 2, stale: 1, errors: 1, spend: 1.3 });
      expect(report.days).toEqual([
        { date: '2025-03-10', calls: 3, hits: 2, stale: 0, errors: 0, spend: 1.2, operations: [{ operation: 'v2.top', calls: 3, hits: 2, stale: 0, errors: 0, spend: 1.2 }] },
        {
          date: '2025-03-11',
          calls: 2,
          hits: 0,
          stale: 1,
          errors: 1,
          spend: 0.1,
          operations: [
            { operation: 'graphql.top', calls: 1, hits: 0, stale: 1, errors: 0, spend: 0.1 },
            { operation: 'v2.dynamics', calls: 1, hits: 0, stale: 0, errors: 1, spend: 0 },
          ],
        },
      ]);
      expect(report.operations.map((o) => [o.operation, o.calls, o.spend])).toEqual([
        ['graphql.top', 1, 0.1],
        ['v2.dynamics', 1, 0],
        ['v2.top', 3, 1.2],
      ]);
    });

    it('gives the operator every key, with per-key totals', async () => {
      const usage = await seeded();
      const report = await usage.forAll(range);
      expect(report.totals).toEqual({ calls: 7, hits: 3, stale: 1, errors: 1, spend: 2.4 });
      expect(report.keys.map((k) => [k.keyId, k.calls, k.hits, k.spend])).toEqual([
        ['A', 5, 2, 1.3],
        ['B', 2, 1, 1.1],
      ]);
      expect(report.days.map((d) => [d.date, d.calls])).toEqual([
        ['2025-03-10', 4],
        ['2025-03-11', 2],
        ['2025-03-12', 1],
      ]);
    });

    it('defaults to the last 30 days ending today in the service time zone', async () => {
      const usage = await seeded();
      const report = await usage.forKey('A');
      expect([report.from, report.to]).toEqual(['2025-02-11', '2025-03-12']);
      // Everything of A except the call at 00:00 on 03-13 local time.
      expect(report.totals.calls).toBe(6);
      expect((await usage.forKey('nobody')).totals).toEqual({ calls: 0, hits: 0, stale: 0, errors: 0, spend: 0 });
    });
  });
}
