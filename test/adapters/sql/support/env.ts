import { vi } from 'vitest';
import type { SqlClient, SqlQueryable } from '../../../../src/adapters/sql/sql-client.js';

/** A client whose network path to the database can be cut and restored. */
export interface OutageHandle {
  client: SqlQueryable;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** What each engine's test file provides to the shared cases. */
export interface SqlSuiteEnv {
  /** The suite's migrated client (its own database or schema, emptied before each test). */
  client(): SqlClient;
  /** Independent clients on the same database, as other processes would have (PGlite: the same one, shared). */
  peers(n: number): Promise<SqlClient[]>;
  /** A client to the same database whose connection can be cut. */
  outage(): Promise<OutageHandle>;
}

/** Calls in the ledger table now (a row stands for `calls` identical calls within one second). */
export async function countRows(client: SqlQueryable, where = 'TRUE', params: unknown[] = []): Promise<number> {
  const result = await client.query<{ n: number }>(`SELECT coalesce(sum(calls), 0)::int AS n FROM usage_ledger WHERE ${where}`, params);
  return result.rows[0]!.n;
}

/** Polls `check` (vitest's vi.waitFor) until it holds or `timeoutMs` passes. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  await vi.waitFor(async () => {
    if (!(await check())) throw new Error('condition not met in time');
  }, { timeout: timeoutMs, interval: 10 });
}
