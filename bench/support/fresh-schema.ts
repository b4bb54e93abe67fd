import { randomBytes } from 'node:crypto';
import { createPgClient } from '../../src/adapters/sql/pg-client.js';
import { silentLogger } from '../../src/ports/logger.js';

/**
 * A schema of this run's own on a shared PostgreSQL: `url` is DATABASE_URL with `search_path` set to it (the
 * service migrates whatever schema its connection uses), `drop()` removes it and everything in it.
 */
export async function freshSchema(databaseUrl: string, label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = createPgClient({ connectionString: databaseUrl, logger: silentLogger });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.close();
      }
    },
  };
}
