import { fileURLToPath } from 'node:url';
import { createPgliteClient } from '../../src/adapters/sql/pglite-client.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';

/** The shipped empty database that `npm start` opens a new DATA_DIR from (scripts/build-pglite-template.ts). */
export const PGLITE_TEMPLATE = fileURLToPath(new URL('../../data/pglite-template.tar.gz', import.meta.url));

/**
 * A throw-away in-memory PGlite for one test, loaded from the shipped template instead of running initdb: the
 * same empty database, opened about 4× faster (5–8 s instead of 20–31 s each on the busy 2-core machine,
 * 2026-11-26), which is most of the time of the suites that open one per test.
 */
export function createTestPglite(): Promise<SqlClient> {
  return createPgliteClient({ dataDir: 'memory://', templatePath: PGLITE_TEMPLATE });
}
