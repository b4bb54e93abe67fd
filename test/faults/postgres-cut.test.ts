import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { createPgClient } from '../../src/adapters/sql/pg-client.js';
import type { SqlLedger } from '../../src/adapters/sql/sql-ledger.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import type { App } from '../../src/app.js';
import { silentLogger } from '../../src/ports/logger.js';
import { startTcpProxy } from '../adapters/sql/support/tcp-proxy.js';
import { createTestApp, post } from '../support/app.js';
import { steadyLoad, watchUnhandledRejections } from './load.js';

const url = process.env.DATABASE_URL;
if (!url) console.warn('[skipped] PostgreSQL cut under load: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it');

/**
 * The app's own database wiring (createApp with DATABASE_URL, no ledger override) pointed at a TCP proxy in front
 * of the shared PostgreSQL, in a schema of this run's own (the connection string's search_path; the app migrates
 * it on first use). The proxy cuts every connection in the middle of a steady load and is restored: no request
 * may fail (keys come from API_KEYS) and, once flushed, the ledger holds exactly one row per request.
 */
describe.skipIf(!url)('PostgreSQL cut and restored under load (TCP proxy, fresh schema)', () => {
  const schema = `t_faults_${process.pid}_${randomBytes(4).toString('hex')}`;
  let admin: SqlClient;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let app: App;
  let unhandled: () => unknown[];

  beforeAll(async () => {
    unhandled = watchUnhandledRejections();
    admin = createPgClient({ connectionString: url!, logger: silentLogger });
    // The app migrates whatever search_path names but does not create the schema itself.
    await admin.query(`CREATE SCHEMA ${schema}`);
    const target = new URL(url!);
    proxy = await startTcpProxy(target.hostname === 'localhost' ? '127.0.0.1' : target.hostname, Number(target.port || 5432));
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    target.searchParams.set('options', `-c search_path=${schema}`);
    app = createTestApp({ source: createDemoSource(loadRegionCatalog()), ledger: undefined }, { DATABASE_URL: target.toString() });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
    expect(unhandled()).toEqual([]);
  });

  it('answers every request while the database is away and stores every ledger row once it is back', async () => {
    // Calls recorded (a row stands for `calls` identical calls within one second).
    const rows = async () => (await admin.query<{ n: number }>(`SELECT coalesce(sum(calls), 0)::int AS n FROM ${schema}.usage_ledger`)).rows[0]!.n;
    // Before: the app opened and migrated its schema through the proxy, and rows arrive.
    expect((await post(app, '/v2/stats/top', { phrase: 'до обрыва' })).status).toBe(200);
    await app.runtime.ledger.flush();
    expect(await rows()).toBe(1);

    let cutAt = 0;
    const results = await steadyLoad(app, {
      workers: 16,
      durationMs: 5_000,
      tag: 'pg',
      events: [
        { atMs: 1_000, run: () => { proxy.cut(); cutAt = Date.now(); } },
        { atMs: 3_500, run: () => proxy.restore() },
      ],
    });
    expect(cutAt).toBeGreaterThan(0);
    const failed = results.filter((r) => r.failure);
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
    expect(results.length).toBeGreaterThan(100);

    // The cut was real: writes failed while it lasted (and were kept for retry).
    const ledger = app.runtime.ledger as SqlLedger;
    expect(ledger.stats().failedAttempts).toBeGreaterThan(0);
    await ledger.flush();
    expect(ledger.stats()).toMatchObject({ buffered: 0, dropped: 0 });
    expect(await rows()).toBe(1 + results.length);
    // Each row once: the writer's ids make a retried batch idempotent (a doubled batch would also double the sum).
    const distinct = await admin.query<{ ids: number; n: number }>(`SELECT count(DISTINCT id)::int AS ids, count(*)::int AS n FROM ${schema}.usage_ledger`);
    expect(distinct.rows[0]!.ids).toBe(distinct.rows[0]!.n);
  }, 40_000);
});
