import pg from 'pg';
import type { Logger } from '../../ports/logger.js';
import { assertSchemaName, type SqlClient, type SqlQueryable, type SqlResult } from './sql-client.js';

export interface PgClientOptions {
  connectionString: string;
  /** Run every statement in this schema (search_path), e.g. a fresh schema per test run. */
  schema?: string;
  /** Pool size; the ledger writes one batch at a time, so a handful of connections is plenty. */
  maxConnections?: number;
  /** Give up connecting after this long, so a dead server fails a write instead of hanging it. */
  connectTimeoutMs?: number;
  /** Client-side bound on one statement, for a server that accepts connections but stops answering. */
  queryTimeoutMs?: number;
  logger: Logger;
}

/** A SqlClient over a `pg` pool. */
export function createPgClient(options: PgClientOptions): SqlClient {
  const schema = options.schema === undefined ? undefined : assertSchemaName(options.schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 5,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    query_timeout: options.queryTimeoutMs ?? 30_000,
    idleTimeoutMillis: 30_000,
    // The schema is set at connection start-up, so it holds for every pooled connection and statement.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection that dies (server restart, network cut) emits 'error' on the pool; unhandled, that
  // event would crash the process. The next query simply gets a fresh connection.
  pool.on('error', (err) => options.logger.warn({ err: err.message }, 'idle PostgreSQL connection failed'));

  const run = async <R>(target: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) => {
    const result = await target.query(sql, params ? [...params] : undefined);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 } satisfies SqlResult<R>;
  };

  return {
    kind: 'postgres',
    schema,
    query: (sql, params) => run(pool, sql, params),
    // No parameters: pg sends the text with the simple protocol, which accepts several statements.
    async exec<R>(sql: string) {
      const results = (await pool.query(sql)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(results) ? results[results.length - 1] : results;
      return { rows: (last?.rows ?? []) as R[], rowCount: last?.rowCount ?? 0 };
    },
    async transaction(fn) {
      const connection = await pool.connect();
      let broken: Error | undefined;
      try {
        await connection.query('BEGIN');
        const tx: SqlQueryable = { query: (sql, params) => run(connection, sql, params) };
        const result = await fn(tx);
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await connection.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection itself is gone or unusable: drop it from the pool rather than reuse it.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw error;
      } finally {
        connection.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
