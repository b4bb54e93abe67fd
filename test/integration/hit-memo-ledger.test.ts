import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/adapters/sql/migrations.js';
import { createPgClient } from '../../src/adapters/sql/pg-client.js';
import { createSqlLedger } from '../../src/adapters/sql/sql-ledger.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

const url = process.env.DATABASE_URL;
if (!url) console.warn('DATABASE_URL is not set: skipping the kept-answer ledger test on PostgreSQL');

describe.skipIf(!url)('kept answers and the ledger on PostgreSQL', () => {
  const schema = `t_memo_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = url ? createPgClient({ connectionString: url, logger: silentLogger }) : undefined;
  afterAll(async () => {
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
  });

  it('every request served from a kept answer has its row, written in batches off the request path; close() loses none', async () => {
    const client = createPgClient({ connectionString: url!, schema, logger: silentLogger });
    await migrate(client);
    // A long interval and a large batch: nothing is written while the requests run, all of it at close().
    const ledger = createSqlLedger({ client, logger: silentLogger, batchSize: 500, flushIntervalMs: 60_000 });
    const app = createTestApp({ source: createFakeSource(), ledger }, { PRICE_CALL: '1', PRICE_REPEAT: '0.1' });
    const body = { keywords: ['пицца', 'велосипед'] };
    for (let i = 0; i < 120; i++) expect((await post(app, '/v1/keywords/search_volume', body)).status).toBe(200);
    for (let i = 0; i < 80; i++) expect((await post(app, '/v2/stats/top', { phrase: 'ноутбук' })).status).toBe(200);
    // 200 calls, 4 rows: identical calls of one second share a row (the test clock stands still).
    expect(ledger.stats()).toMatchObject({ buffered: 4, written: 0 });

    await app.close(); // what the graceful shutdown runs after the last request
    const rows = await client.query<{ operation: string; cache_status: string; n: string; spend: string }>(
      'SELECT operation, cache_status, sum(calls) AS n, sum(price * calls) AS spend FROM usage_ledger GROUP BY 1, 2 ORDER BY 1, 2',
    );
    expect(rows.rows.map((r) => [r.operation, r.cache_status, Number(r.n), Number(r.spend)])).toEqual([
      ['v1.search_volume', 'HIT', 119, 11.9],
      ['v1.search_volume', 'MISS', 1, 1],
      ['v2.top', 'HIT', 79, 7.9],
      ['v2.top', 'MISS', 1, 1],
    ]);
    await client.close();
  });
});
