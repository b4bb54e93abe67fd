import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS } from '../../../src/adapters/sql/migrations.js';
import { createPgClient } from '../../../src/adapters/sql/pg-client.js';
import type { SqlClient } from '../../../src/adapters/sql/sql-client.js';
import { silentLogger } from '../../../src/ports/logger.js';
import type { SqlSuiteEnv } from './support/env.js';
import { keyCases } from './support/key-cases.js';
import { ledgerCases } from './support/ledger-cases.js';
import { migrationCases } from './support/migration-cases.js';
import { startTcpProxy } from './support/tcp-proxy.js';
import { usageCases } from './support/usage-cases.js';

const url = process.env.DATABASE_URL;
if (!url) console.warn('DATABASE_URL is not set: skipping the PostgreSQL SQL adapter suite');

/** A schema name of this run's own, so parallel runs on the shared server never meet. */
const freshSchema = (tag: string) => `t_${tag}_${process.pid}_${randomBytes(4).toString('hex')}`;

// One schema per run, dropped afterwards; tables are emptied before each test.
describe.skipIf(!url)('SQL adapters on PostgreSQL', () => {
  const schema = freshSchema('sql');
  const opened: SqlClient[] = [];
  const open = (connectionString = url!, schemaName = schema, connectTimeoutMs?: number) => {
    const client = createPgClient({ connectionString, schema: schemaName, logger: silentLogger, connectTimeoutMs });
    opened.push(client);
    return client;
  };
  let client: SqlClient;
  let admin: SqlClient;
  const schemasToDrop = [schema];

  beforeAll(async () => {
    admin = createPgClient({ connectionString: url!, logger: silentLogger });
    client = open();
    await migrate(client);
  });
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close().catch(() => {})));
    for (const name of schemasToDrop) await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await admin.close();
  });
  beforeEach(async () => {
    await client.query('TRUNCATE usage_ledger, api_keys');
  });

  const env: SqlSuiteEnv = {
    client: () => client,
    peers: async (n) => Array.from({ length: n }, () => open()),
    async outage() {
      const target = new URL(url!);
      const proxy = await startTcpProxy('127.0.0.1', Number(target.port || 5432));
      target.hostname = '127.0.0.1';
      target.port = String(proxy.port);
      const proxied = open(target.toString(), schema, 1_000);
      return {
        client: proxied,
        cut: () => proxy.cut(),
        restore: () => proxy.restore(),
        close: async () => {
          await proxied.close().catch(() => {});
          await proxy.close();
        },
      };
    },
  };

  migrationCases(env);
  ledgerCases(env);
  keyCases(env);
  usageCases(env);

  it('creates a brand-new schema exactly once when several processes migrate it at the same time', async () => {
    const fresh = freshSchema('mig');
    schemasToDrop.push(fresh);
    const clients = Array.from({ length: 4 }, () => open(url!, fresh));
    const results = await Promise.all(clients.map((c) => migrate(c)));
    const all = MIGRATIONS.map((m) => m.version);
    expect(results.filter((applied) => applied.length > 0)).toEqual([all]);
    expect(results.filter((applied) => applied.length === 0)).toHaveLength(3);
    const tables = await admin.query<{ table_name: string }>(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [fresh],
    );
    expect(tables.rows.map((t) => t.table_name)).toEqual(['api_keys', 'sds_migrations', 'usage_ledger']);
  });
});
