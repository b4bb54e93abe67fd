import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createSqlQuotaLog } from '../../src/adapters/sql/sql-quota-log.js';
import { watchWrites } from '../support/db-writes.js';

/*
 * Issue 20, item 14: without Redis the hourly budget lived in memory only, so right after a restart that had
 * followed 30–40 calls, all 100 were "remaining". The calls are kept in the ledger's database and a new process
 * starts from the last hour of them.
 */
describe('the hourly budget without Redis survives a restart', () => {
  let client: SqlClient;
  beforeAll(async () => {
    client = await createTestPglite();
  }, 60_000);
  afterAll(() => client?.close());

  it('a new scheduler on the same database sees the calls the old one made', async () => {
    const writes = watchWrites(client);
    const first = createQuotaScheduler({ rph: 100, rps: 100, persistence: createSqlQuotaLog(writes.client) });
    for (let i = 0; i < 35; i++) await first.acquire('dynamics');
    expect((await first.status()).hourly.remaining).toBe(65);
    // Writes are off the call's path: wait until they are stored (checked after every write).
    await writes.until('35 calls stored', async () => {
      const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM quota_calls');
      return Number(rows[0]!.n) === 35;
    }, 5_000);
    await first.close();

    const restarted = createQuotaScheduler({ rph: 100, rps: 100, persistence: createSqlQuotaLog(client) });
    expect((await restarted.status()).hourly.remaining).toBe(65);
    await restarted.acquire('dynamics');
    expect((await restarted.status()).hourly.remaining).toBe(64);
    await restarted.close();
  });
});
