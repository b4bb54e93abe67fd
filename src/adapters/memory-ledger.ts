import type { Ledger, UsageRow } from '../ports/ledger.js';

/** A ledger kept in memory (newest `limit` rows): for tests and for running with no database at all. */
export function createMemoryLedger(limit = 10_000): Ledger & { rows(): readonly UsageRow[] } {
  const rows: UsageRow[] = [];
  return {
    record(row) {
      rows.push(row);
      if (rows.length > limit) rows.splice(0, rows.length - limit);
    },
    rows: () => rows,
    flush: async () => {},
    close: async () => {},
  };
}
