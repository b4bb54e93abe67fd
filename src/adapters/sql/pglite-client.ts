import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { makePrivateDir } from '../private-dir.js';
import { acquireFileLock, type FileLock } from './file-lock.js';
import { preparePgliteDataDir } from './pglite-template.js';
import { assertSchemaName, type SqlClient, type SqlQueryable, type SqlResult } from './sql-client.js';

export interface PgliteClientOptions {
  /** A directory for the database files, or `memory://` for a throw-away in-memory database (tests). */
  dataDir: string;
  /** Run every statement in this schema (search_path). */
  schema?: string;
  /** An empty database (data/pglite-template.tar.gz) unpacked into a new `dataDir` instead of running initdb. */
  templatePath?: string;
}

/**
 * PostgreSQL's defaults size shared_buffers for a server (128 MB, all of it touched in WebAssembly memory). The
 * service's tables are small: 16 MB keeps the resident size near 130 MiB instead of 250.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Compile PGlite's 9 MB WebAssembly module with V8's baseline compiler only: tiering it up to the optimising
 * compiler costs about 40 MiB and a second of CPU at start-up, on a machine where start-up competes with requests,
 * and buys nothing measurable for the ledger's few small statements. Set once, before the first compile.
 */
let baselineOnly = false;
function useBaselineWasmCompiler(): void {
  if (baselineOnly) return;
  baselineOnly = true;
  setFlagsFromString('--liftoff-only');
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
    // The one place the data directory's parent is made (DATA_DIR itself when dataDir is DATA_DIR/pglite).
    mkdirSync(dirname(dataDir), { recursive: true });
    lock = acquireFileLock(`${dataDir}.lock`, `the embedded database ${dataDir}`);
  }
  let db: PGlite;
  try {
    if (!inMemory) await preparePgliteDataDir(dataDir, options.templatePath);
    useBaselineWasmCompiler();
    // In memory there is no directory to unpack into: PGlite loads the template itself (still no initdb).
    const loadDataDir = inMemory && options.templatePath && existsSync(options.templatePath) ? new Blob([readFileSync(options.templatePath)]) : undefined;
    db = await PGlite.create(dataDir, { startParams: START_PARAMS, ...(loadDataDir ? { loadDataDir } : {}) });
    if (!inMemory) makePrivateDir(dataDir); // after create: PGlite writes its files 0666, past the umask
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
    async exec<R>(sql: string) {
      const results = await db.exec(sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
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
