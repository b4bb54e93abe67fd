import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireFileLock, type FileLock } from './file-lock.js';
import { assertSchemaName, type SqlClient, type SqlQueryable, type SqlResult } from './sql-client.js';

export interface PgliteClientOptions {
  /** A directory for the database files, or `memory://` for a throw-away in-memory database (tests). */
  dataDir: string;
  /** Run every statement in this schema (search_path). */
  schema?: string;
}

/**
 * A SqlClient over embedded PGlite (PostgreSQL compiled to WebAssembly): the same SQL as the server, no server.
 * One process at a time may open a data directory (enforced by a lock file next to it). PGlite runs one statement
 * at a time and its `transaction` excludes every other statement until it ends, like a one-connection pool.
 */
export async function createPgliteClient(options: PgliteClientOptions): Promise<SqlClient> {
  const schema = options.schema === undefined ? undefined : assertSchemaName(options.schema);
  const inMemory = options.dataDir.startsWith('memory://');
  let lock: FileLock | undefined;
  let dataDir = options.dataDir;
  if (!inMemory) {
    dataDir = resolve(options.dataDir);
    lock = acquireFileLock(`${dataDir}.lock`, `the embedded database ${dataDir}`);
    mkdirSync(dataDir, { recursive: true });
  }
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
    // One session only, so setting search_path once covers every later statement.
    if (schema) await db.query(`SET search_path TO ${schema}`);
  } catch (error) {
    lock?.release();
    throw error;
  }

  const wrap = (target: Pick<PGlite, 'query'>): SqlQueryable => ({
    async query<R>(sql: string, params?: readonly unknown[]) {
      const result = await target.query<R>(sql, params ? [...params] : undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length } satisfies SqlResult<R>;
    },
  });
  const plain = wrap(db);

  let closed = false;
  return {
    kind: 'pglite',
    schema,
    query: (sql, params) => plain.query(sql, params),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}
