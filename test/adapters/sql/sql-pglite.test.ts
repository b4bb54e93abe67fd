import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { migrate } from '../../../src/adapters/sql/migrations.js';
import { findDataFile } from '../../../src/adapters/region-data.js';
import { createTestPglite } from '../../support/pglite.js';
import { createPgliteWorkerClient } from '../../../src/adapters/sql/pglite-worker-client.js';
import { PGLITE_TEMPLATE_FILE } from '../../../src/adapters/sql/pglite-template.js';
import type { SqlClient } from '../../../src/adapters/sql/sql-client.js';
import type { SqlSuiteEnv } from './support/env.js';
import { createFlakyClient } from './support/flaky-client.js';
import { keyCases } from './support/key-cases.js';
import { ledgerCases } from './support/ledger-cases.js';
import { migrationCases } from './support/migration-cases.js';
import { usageCases } from './support/usage-cases.js';

// One in-memory PGlite per engine (starting one takes seconds); tables are emptied before each test. The service
// runs PGlite in a worker thread (open.ts): the same suite runs there too.
const engines: Array<[string, () => Promise<SqlClient>]> = [
  ['PGlite', () => createTestPglite()],
  ['PGlite in a worker thread', () => createPgliteWorkerClient({ dataDir: 'memory://', templatePath: findDataFile(PGLITE_TEMPLATE_FILE) })],
];

describe.each(engines)('SQL adapters on %s', (_name, open) => {
  let client: SqlClient;
  beforeAll(async () => {
    client = await open();
    await migrate(client);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });
  beforeEach(async () => {
    await client.query('TRUNCATE usage_ledger, api_keys');
  });

  const env: SqlSuiteEnv = {
    client: () => client,
    // PGlite is one session in one process (a lock file keeps other processes out), so "another process"
    // can only be another user of the same instance.
    peers: async (n) => Array.from({ length: n }, () => client),
    async outage() {
      const flaky = createFlakyClient(client);
      return { client: flaky.client, cut: flaky.cut, restore: flaky.restore, close: async () => {} };
    },
  };

  migrationCases(env);
  ledgerCases(env);
  keyCases(env);
  usageCases(env);
});
