/** The rows and count of one statement. */
export interface SqlResult<R> {
  rows: R[];
  /** Rows returned, inserted, updated or deleted. */
  rowCount: number;
}

/** Something that runs one SQL statement with `$1`-style parameters. */
export interface SqlQueryable {
  /** Runs exactly one statement (both drivers use the extended protocol: no `;`-separated scripts). */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>>;
}

/**
 * The tiny SQL surface the ledger, key store and usage reader need. One SQL dialect (PostgreSQL's) serves
 * both the server (`pg`) and the embedded database (PGlite), so every adapter is written once.
 */
export interface SqlClient extends SqlQueryable {
  /** Which engine is behind the client (for log lines and tests; SQL does not branch on it). */
  readonly kind: 'postgres' | 'pglite';
  /** The schema every statement runs in (search_path), or undefined for the default (`public`). */
  readonly schema: string | undefined;
  /**
   * Runs a script of `;`-separated statements with no parameters (simple protocol): for engines that ship
   * multi-statement migrations (pg-boss). Answers the rows of the last statement.
   */
  exec<R = Record<string, unknown>>(sql: string): Promise<SqlResult<R>>;
  /** Runs `fn` inside BEGIN … COMMIT on one connection; rolls back and rethrows when `fn` throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /** Releases connections (PostgreSQL) or shuts the embedded database down and frees its directory. */
  close(): Promise<void>;
}
