import { DomainError } from '../../domain/errors.js';
import type { SqlClient, SqlQueryable, SqlResult } from './sql-client.js';

/**
 * A SqlClient that opens (and migrates) on first use or on warmUp(), so the service starts serving at once
 * while the database comes up. A failed open is retried on a later query, no sooner than `retryAfterMs`; until then
 * queries fail fast (the ledger buffers and retries; key lookups answer 503).
 */
export function createDeferredSqlClient(
  open: () => Promise<SqlClient>,
  meta: { kind: SqlClient['kind']; schema?: string | undefined; retryAfterMs?: number; waitForOpenMs?: number; now?: () => number },
): SqlClient & { warmUp(): Promise<void> } {
  const now = meta.now ?? Date.now;
  const retryAfterMs = meta.retryAfterMs ?? 5_000;
  let opening: Promise<SqlClient> | undefined;
  let failedAt = -Infinity;
  let lastError: unknown;
  let closed = false;

  let opened: SqlClient | undefined;
  const openOnce = (): Promise<SqlClient> => {
    if (closed) return Promise.reject(new Error('database client is closed'));
    if (opening) return opening;
    if (now() - failedAt < retryAfterMs) return Promise.reject(lastError);
    opening = open().then(
      (ready) => (opened = ready),
      (error: unknown) => {
        opening = undefined;
        failedAt = now();
        lastError = error;
        throw error;
      },
    );
    return opening;
  };
  // A request waits for an open under way at most waitForOpenMs (the open itself keeps retrying PostgreSQL for
  // up to 30 s in the background): requests used to hang 25–30 s, then answer 500.
  const waitForOpenMs = meta.waitForOpenMs ?? 3_000;
  const client = async (): Promise<SqlClient> => {
    if (opened && !closed) return opened;
    try {
      return await withDeadline(openOnce(), waitForOpenMs);
    } catch (error) {
      throw unavailable(error);
    }
  };
  const run = async <T>(work: (ready: SqlClient) => Promise<T>): Promise<T> => {
    const ready = await client();
    try {
      return await work(ready);
    } catch (error) {
      throw isConnectionError(error) ? unavailable(error) : error;
    }
  };

  return {
    warmUp: () => openOnce().then(
      () => undefined,
      () => undefined,
    ),
    kind: meta.kind,
    schema: meta.schema,
    query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>> {
      return run((ready) => ready.query<R>(sql, params));
    },
    exec<R = Record<string, unknown>>(sql: string): Promise<SqlResult<R>> {
      return run((ready) => ready.exec<R>(sql));
    },
    transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      return run((ready) => ready.transaction(fn));
    },
    async close() {
      closed = true;
      const pending = opening;
      opening = undefined;
      if (pending) await (await pending.catch(() => undefined))?.close();
    },
  };
}

/** `promise`, or a rejection after `ms` (the promise itself goes on). */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not open within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Network-level failures (refused, reset, timed out, terminated): the database is away, not the query wrong. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(E[A-Z]+|57P0[123]|08\d\d\d)$/.test(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|timeout exceeded|Query read timeout/i.test(message);
}

/** The family's 503 (every face maps SERVICE_UNAVAILABLE), never a 500, with the reason for the log. */
function unavailable(cause: unknown): DomainError {
  if (cause instanceof DomainError) return cause;
  return new DomainError('SERVICE_UNAVAILABLE', 'the database is unavailable; try again shortly', { retryAfterSeconds: 5, cause });
}
