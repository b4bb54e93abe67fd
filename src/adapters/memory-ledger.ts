import { todayIn } from '../domain/dates/calendar.js';
import type { Ledger, UsageRow } from '../ports/ledger.js';
import type { UsageBucket, UsageReader } from '../ports/usage-reader.js';

/**
 * A ledger kept in memory (the newest `limit` rows), readable as usage: for tests and tools that run without
 * any database. The service itself keeps its ledger in PostgreSQL or PGlite.
 */
export function createMemoryLedger(limit = 10_000): Ledger & UsageReader & { rows(): readonly UsageRow[] } {
  const rows: UsageRow[] = [];
  return {
    record(row) {
      rows.push(row);
      if (rows.length > limit) rows.splice(0, rows.length - limit);
    },
    rows: () => rows,
    async buckets(filter) {
      const byKey = new Map<string, UsageBucket>();
      for (const row of rows) {
        if (filter.keyId !== undefined && row.keyId !== filter.keyId) continue;
        const day = todayIn(filter.timeZone, row.at.getTime());
        if (day < filter.fromDate || day > filter.toDate) continue;
        const id = `${day}|${row.keyId}|${row.operation}`;
        const bucket = byKey.get(id) ?? { day, keyId: row.keyId, operation: row.operation, calls: 0, hits: 0, stale: 0, errors: 0, spend: 0 };
        bucket.calls++;
        // Counted as the SQL reader counts them: each condition on its own.
        if (row.status >= 400) bucket.errors++;
        if (row.cacheStatus === 'HIT') bucket.hits++;
        if (row.cacheStatus === 'STALE') bucket.stale++;
        bucket.spend += row.price;
        byKey.set(id, bucket);
      }
      return [...byKey.values()].sort(
        (a, b) => a.day.localeCompare(b.day) || a.keyId.localeCompare(b.keyId) || a.operation.localeCompare(b.operation),
      );
    },
    flush: async () => {},
    close: async () => {},
  };
}
