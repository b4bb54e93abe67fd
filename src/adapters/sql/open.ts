import { join } from 'node:path';
import { findDataFile } from '../region-data.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../ports/logger.js';
import { migrate } from './migrations.js';
import { createPgClient } from './pg-client.js';
import { createPgliteWorkerClient } from './pglite-worker-client.js';
import { PGLITE_TEMPLATE_FILE } from './pglite-template.js';
import type { SqlClient } from './sql-client.js';

export interface OpenSqlOptions {
  /** PostgreSQL when set (DATABASE_URL); otherwise embedded PGlite under `${dataDir}/pglite`. */
  databaseUrl?: string | undefined;
  /** DATA_DIR; ignored when `databaseUrl` is set. */
  dataDir: string;
  schema?: string;
  logger: Logger;
  /** The empty database a new embedded data directory starts from (default: the one shipped under data/). */
  pgliteTemplate?: string;
  /** How long to keep retrying while PostgreSQL is not reachable yet (e.g. starting alongside us). */
  startupTimeoutMs?: number;
}

/** Opens the database the configuration names and applies pending migrations before handing it out. */
export async function openSqlClient(options: OpenSqlOptions): Promise<SqlClient> {
  const logger = options.logger.child({ component: 'sql' });
  const client = options.databaseUrl
    ? createPgClient({ connectionString: options.databaseUrl, schema: options.schema, logger })
    : await createPgliteWorkerClient({
        dataDir: join(options.dataDir, 'pglite'),
        schema: options.schema,
        templatePath: options.pgliteTemplate ?? shippedTemplate(),
      });
  const deadline = Date.now() + (options.startupTimeoutMs ?? 30_000);
  for (let attempt = 1; ; attempt++) {
    try {
      const applied = await migrate(client);
      logger.info({ engine: client.kind, applied }, applied.length ? 'database migrated' : 'database schema current');
      return client;
    } catch (error) {
      const delay = Math.min(250 * 2 ** attempt, 5_000);
      // PGlite failing is not a matter of waiting; PostgreSQL may just not be up yet.
      if (client.kind === 'pglite' || Date.now() + delay > deadline) {
        await client.close().catch(() => {});
        throw error;
      }
      logger.warn({ err: (error as Error).message, attempt }, 'database not ready; retrying');
      await sleep(delay);
    }
  }
}

/** data/pglite-template.tar.gz when shipped (a checkout, the image); without it PGlite runs initdb itself. */
function shippedTemplate(): string | undefined {
  try {
    return findDataFile(PGLITE_TEMPLATE_FILE);
  } catch {
    return undefined;
  }
}
