import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/composition/database.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { createTestClock, TEST_KEY, TODAY } from '../support/kit.js';

describe('keys from the store, usage reports and the ledger on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sds-usage-'));
  const config = loadConfig({ API_KEYS: TEST_KEY, NODE_ENV: 'test', DATA_DIR: dataDir });
  let database: Database;
  let issued: { id: string; key: string };

  beforeAll(async () => {
    database = createDatabase(config, { logger: silentLogger, clock: createTestClock() });
    // A request waits at most 3 s for the database; opening the embedded one can take longer on a busy machine.
    await database.ready;
    // Issued the way `npm run keys -- create` does: only the hash is stored.
    issued = await database.keyStore.create('dashboard');
  }, 60_000);
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts an issued key, bills its calls, reports them, and refuses it at once once revoked', async () => {
    const app = createTestApp({ source: createFakeSource(), database, ledger: database.ledger });
    const auth = { authorization: `Bearer ${issued.key}` };
    expect((await post(app, '/v2/stats/top', { phrase: 'ноутбук' }, auth)).status).toBe(200);
    expect((await post(app, '/v2/stats/top', { phrase: 'ноутбук' }, auth)).headers.get('x-cache')).toBe('HIT');
    expect((await post(app, '/v2/stats/top', { phrase: '' }, auth)).status).toBe(400);
    await database.ledger.flush();

    const usage = await app.fetch(new Request('http://localhost/v1/usage?from=2026-03-01', { headers: auth }));
    expect(usage.status).toBe(200);
    expect(usage.headers.get('x-cost')).toBe('0');
    const report = (await usage.json()).tasks[0].result[0];
    expect(report.totals).toEqual({ calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 });
    expect(report.days).toHaveLength(1);
    expect(report.days[0].date).toBe(TODAY);
    expect(report.operations).toEqual([{ operation: 'v2.top', calls: 3, hits: 1, stale: 0, errors: 1, spend: 1.1 }]);

    // The /v1/usage read above is a ledger row too (free). Rows are written in batches off the request path, so
    // whether a timer flushed it before the next read depended on the machine's load: flush, then count it.
    await database.ledger.flush();
    const gql = await graphql(app, '{ usage(from: "2026-03-01") { calls hits spend operations { operation calls } } }', undefined, auth);
    expect(gql.json.data.usage).toMatchObject({ calls: 4, hits: 1, spend: 1.1 });
    expect(gql.headers.get('x-cost')).toBe('0');

    // Another key's calls are not in this key's report; the two usage reads are, free.
    await post(app, '/v2/stats/top', { phrase: 'пицца' });
    await database.ledger.flush();
    const mine = (await (await app.fetch(new Request('http://localhost/v1/usage', { headers: auth }))).json()).tasks[0].result[0];
    expect(mine.totals).toMatchObject({ calls: 5, spend: 1.1 });
    expect(mine.operations.map((o: { operation: string }) => o.operation)).toEqual(['graphql.usage', 'v1.usage', 'v2.top']);

    await database.keyStore.revoke(issued.id);
    const refused = await post(app, '/v2/stats/top', { phrase: 'ноутбук' }, auth);
    expect(refused.status).toBe(401);
  });

  it('reports the database on /readyz', async () => {
    const app = createTestApp({ source: createFakeSource(), database, ledger: database.ledger });
    const ready = await (await app.fetch(new Request('http://localhost/readyz'))).json();
    expect(ready.checks.ledger).toMatchObject({ ok: true });
    expect(ready.checks.ledger.detail).toMatch(/^pglite; \d+ rows buffered$/);
  });

  it('validates usage ranges and methods', async () => {
    const app = createTestApp({ source: createFakeSource(), database, ledger: database.ledger });
    const bad = await app.fetch(new Request('http://localhost/v1/usage?from=yesterday', { headers: { authorization: `Bearer ${TEST_KEY}` } }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).tasks[0].status_code).toBe(40501);
    const post405 = await post(app, '/v1/usage', {});
    expect(post405.status).toBe(405);
    expect(post405.headers.get('allow')).toBe('GET, HEAD');
  });
});
