import type { SqlClient } from './sql-client.js';

/** One schema change: numbered, applied once, never edited after release (add a new one instead). */
export interface Migration {
  version: number;
  name: string;
  /** Single statements (both drivers run one statement per call). */
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'usage ledger',
    statements: [
      // id is made by the writer, not the database, so a batch retried after a lost COMMIT reply is not
      // stored twice (INSERT … ON CONFLICT (id) DO NOTHING).
      `CREATE TABLE usage_ledger (
        id uuid PRIMARY KEY,
        at timestamptz NOT NULL,
        key_id text NOT NULL,
        operation text NOT NULL,
        cache_status text NOT NULL CHECK (cache_status IN ('HIT', 'MISS', 'STALE')),
        status smallint NOT NULL,
        price numeric NOT NULL CHECK (price >= 0)
      )`,
      // A caller's own usage over a date range.
      'CREATE INDEX usage_ledger_key_at ON usage_ledger (key_id, at)',
      // The operator's view of every key over a date range.
      'CREATE INDEX usage_ledger_at ON usage_ledger (at)',
    ],
  },
  {
    version: 2,
    name: 'api keys',
    statements: [
      `CREATE TABLE api_keys (
        id text PRIMARY KEY,
        name text NOT NULL,
        hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`,
    ],
  },
  {
    version: 3,
    name: 'usage ledger rows count calls',
    statements: [
      // One row stands for `calls` identical calls (same key, operation, cache status, HTTP status and unit price)
      // made within one second: a cache hit cost a row insert each (about 55 µs of the database's CPU, as much
      // as the rest of the hit). Every report is a sum per day, which a count per second keeps exactly.
      'ALTER TABLE usage_ledger ADD COLUMN calls integer NOT NULL DEFAULT 1 CHECK (calls > 0)',
    ],
  },
];

/**
 * Brings the schema up to date; returns the versions it applied (none when already current). Everything runs in
 * one transaction holding an advisory lock named after the schema, so processes starting together apply each
 * migration exactly once: the second waits, then finds nothing left to do. PostgreSQL's DDL is transactional,
 * so a failure leaves no half-applied migration behind.
 */
export async function migrate(client: SqlClient, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sds-migrations:${client.schema ?? 'default'}`]);
    if (client.schema) await tx.query(`CREATE SCHEMA IF NOT EXISTS ${client.schema}`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS sds_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    const done = await tx.query<{ version: number }>('SELECT version FROM sds_migrations');
    const have = new Set(done.rows.map((row) => Number(row.version)));
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (have.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO sds_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}
