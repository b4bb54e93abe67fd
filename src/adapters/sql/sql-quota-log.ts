import type { LoggedCall, QuotaLogPersistence } from '../../ports/quota-log.js';
import { migrate, type Migration } from './migrations.js';
import type { SqlClient } from './sql-client.js';

// Versions from 1300 up belong to the quota log (the service's own are 1, 2, …; tasks' 1200 up).
const QUOTA_LOG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1301,
    name: 'quota_calls',
    statements: [
      `CREATE TABLE IF NOT EXISTS quota_calls (
        id text PRIMARY KEY,
        at timestamptz NOT NULL
      )`,
      'CREATE INDEX IF NOT EXISTS quota_calls_at ON quota_calls (at)',
    ],
  },
];

/** How long rows are kept: the window is an hour; a little more costs nothing and covers clock skew. */
const KEEP_MS = 2 * 3_600_000;

/** The quota's call log in the ledger's database (embedded or PostgreSQL, the same SQL). */
export function createSqlQuotaLog(client: SqlClient): QuotaLogPersistence {
  let migrated: Promise<unknown> | undefined;
  const ready = () => (migrated ??= migrate(client, QUOTA_LOG_MIGRATIONS).catch((error: unknown) => {
    migrated = undefined;
    throw error;
  }));
  return {
    async load(sinceMs) {
      await ready();
      const { rows } = await client.query<{ id: string; at: Date | string }>('SELECT id, at FROM quota_calls WHERE at > $1 ORDER BY at', [new Date(sinceMs)]);
      return rows.map((row): LoggedCall => ({ id: row.id, at: new Date(row.at).getTime() }));
    },
    async record(call) {
      await ready();
      await client.query('INSERT INTO quota_calls (id, at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [call.id, new Date(call.at)]);
      // Old rows go as new ones come: the table holds about two hours of calls.
      await client.query('DELETE FROM quota_calls WHERE at < $1', [new Date(call.at - KEEP_MS)]);
    },
    async forget(id) {
      await ready();
      await client.query('DELETE FROM quota_calls WHERE id = $1', [id]);
    },
  };
}
