import type { SqlQueryable } from '../../../../src/adapters/sql/sql-client.js';

/**
 * Wraps a client to simulate a database outage: while `down`, every statement fails before reaching the database.
 * `failAfterCommit(n)` makes the next n statements run and then fail, like a COMMIT whose reply was lost.
 * Counts statements by their first word, so tests can see how many INSERTs the ledger issued.
 */
export function createFlakyClient(inner: SqlQueryable) {
  let down = false;
  let ambiguous = 0;
  const statements: string[] = [];
  const client: SqlQueryable = {
    async query<R>(sql: string, params?: readonly unknown[]) {
      const verb = sql.trim().split(/\s+/, 1)[0]!.toUpperCase();
      if (down) {
        statements.push(`${verb}:refused`);
        throw new Error('connect ECONNREFUSED (simulated outage)');
      }
      const result = await inner.query<R>(sql, params);
      statements.push(verb);
      if (ambiguous > 0) {
        ambiguous--;
        throw new Error('Connection terminated unexpectedly (simulated, after the statement ran)');
      }
      return result;
    },
  };
  return {
    client,
    cut: () => {
      down = true;
    },
    restore: () => {
      down = false;
    },
    failAfterCommit: (n = 1) => {
      ambiguous = n;
    },
    /** Successful statements (and refused ones as `VERB:refused`), in order. */
    statements: () => [...statements],
    inserts: () => statements.filter((s) => s === 'INSERT').length,
  };
}
