import type { SqlClient, SqlQueryable, SqlResult } from './sql-client.js';

/**
 * A SqlClient that opens (and migrates) on first use or on warmUp(), so the service starts serving at once
 * while the database comes up. A failed open is retried on a later query, no sooner than `retryAfterMs`; until then
 * queries fail fast (the ledger buffers and retries; key lookups answer 503).
 */
export function createDeferredSqlClient(
  open: () => Promise<SqlClient>,
  meta: { kind: SqlClient['kind']; schema?: string | undefined; retryAfterMs?: number; now?: () => number },
): SqlClient & { warmUp(): Promise<void> } {
  const now = meta.now ?? Date.now;
  const retryAfterMs = meta.retryAfterMs ?? 5_000;
  let opening: Promise<SqlClient> | undefined;
  let failedAt = -Infinity;
  let lastError: unknown;
  let closed = false;

  const client = (): Promise<SqlClient> => {
    if (closed) return Promise.reject(new Error('database client is closed'));
    if (opening) return opening;
    if (now() - failedAt < retryAfterMs) return Promise.reject(lastError);
    opening = open().catch((error: unknown) => {
      opening = undefined;
      failedAt = now();
      lastError = error;
      throw error;
    });
    return opening;
  };

  return {
    warmUp: () => client().then(
      () => undefined,
      () => undefined,
    ),
    kind: meta.kind,
    schema: meta.schema,
    async query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>> {
      return (await client()).query<R>(sql, params);
    },
    async exec<R = Record<string, unknown>>(sql: string): Promise<SqlResult<R>> {
      return (await client()).exec<R>(sql);
    },
    async transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      return (await client()).transaction(fn);
    },
    async close() {
      closed = true;
      const pending = opening;
      opening = undefined;
      if (pending) await (await pending.catch(() => undefined))?.close();
    },
  };
}
