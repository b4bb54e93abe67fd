import { setImmediate as turn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqlLedger, type SqlLedger } from '../../../../src/adapters/sql/sql-ledger.js';
import type { UsageRow } from '../../../../src/ports/ledger.js';
import { silentLogger } from '../../../../src/ports/logger.js';
import { createCaptureLogger } from './capture-logger.js';
import { countRows, eventually, type SqlSuiteEnv } from './env.js';
import { createFlakyClient } from './flaky-client.js';

const row = (keyId: string, operation = 'v2.top', price = 1): UsageRow => ({
  at: new Date('2025-03-10T10:00:00Z'),
  keyId,
  operation,
  cacheStatus: 'MISS',
  status: 200,
  price,
});

/** `producers` async producers each record `perProducer` rows, yielding between rows (like concurrent requests). */
async function produce(ledger: SqlLedger, producers: number, perProducer: number, tag: string): Promise<void> {
  await Promise.all(
    Array.from({ length: producers }, async (_, p) => {
      for (let i = 0; i < perProducer; i++) {
        ledger.record(row(`producer-${p}`, `${tag}.${i}`));
        // A microtask or a whole turn of the loop (timers, I/O), at random: producers interleave with the flushes.
        await (Math.random() < 0.5 ? Promise.resolve() : turn());
      }
    }),
  );
}

/** Calls per producer key, to check that none is missing or doubled. */
async function perProducer(env: SqlSuiteEnv): Promise<Map<string, number>> {
  const result = await env
    .client()
    .query<{ key_id: string; n: number }>('SELECT key_id, sum(calls)::int AS n FROM usage_ledger GROUP BY key_id');
  return new Map(result.rows.map((r) => [r.key_id, r.n]));
}

export function ledgerCases(env: SqlSuiteEnv): void {
  describe('ledger', () => {
    const open: SqlLedger[] = [];
    const make = (options: Omit<Parameters<typeof createSqlLedger>[0], 'logger'> & { logger?: typeof silentLogger }) => {
      const ledger = createSqlLedger({ logger: silentLogger, ...options });
      open.push(ledger);
      return ledger;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((l) => l.close()));
    });

    it('stores exactly every row of a burst from 50 concurrent producers', async () => {
      const ledger = make({ client: env.client(), batchSize: 50, flushIntervalMs: 20 });
      await produce(ledger, 50, 20, 'burst');
      await ledger.flush();
      expect(await countRows(env.client())).toBe(1000);
      const counts = await perProducer(env);
      expect(counts.size).toBe(50);
      expect([...counts.values()].every((n) => n === 20)).toBe(true);
      expect(ledger.stats()).toMatchObject({ buffered: 0, written: 1000, dropped: 0 });
    });

    it('writes full batches as single INSERTs and holds a partial batch until the interval', async () => {
      const flaky = createFlakyClient(env.client());
      const ledger = make({ client: flaky.client, batchSize: 100, flushIntervalMs: 60_000 });
      for (let i = 0; i < 1000; i++) ledger.record(row('k', `op${i}`));
      await ledger.flush();
      expect(flaky.inserts()).toBe(10);
      expect(await countRows(env.client())).toBe(1000);

      for (let i = 0; i < 5; i++) ledger.record(row('k', `late${i}`));
      for (let i = 0; i < 5; i++) await turn(); // time for an eager flush to happen, if there were one
      // Fewer rows than a batch and a long interval: nothing written yet, nothing lost either.
      expect(flaky.inserts()).toBe(10);
      expect(ledger.stats().buffered).toBe(5);
      await ledger.flush();
      expect(flaky.inserts()).toBe(11);
      expect(await countRows(env.client())).toBe(1005);
    });

    it('writes a partial batch on its own after flushIntervalMs', async () => {
      const ledger = make({ client: env.client(), batchSize: 100, flushIntervalMs: 50 });
      for (let i = 0; i < 3; i++) ledger.record(row('k'));
      expect(await countRows(env.client())).toBe(0);
      await eventually(async () => (await countRows(env.client())) === 3);
    });

    it('close() writes everything still buffered', async () => {
      const ledger = createSqlLedger({ client: env.client(), logger: silentLogger, batchSize: 1000, flushIntervalMs: 60_000 });
      for (let i = 0; i < 250; i++) ledger.record(row('k'));
      await ledger.close();
      expect(await countRows(env.client())).toBe(250);
      // After close, rows are refused (counted), never thrown at the caller.
      expect(() => ledger.record(row('k'))).not.toThrow();
      expect(ledger.stats()).toMatchObject({ written: 250, dropped: 1, buffered: 0 });
    });

    it('loses no row when the database goes away mid-burst and comes back', async () => {
      const outage = await env.outage();
      try {
        const ledger = make({ client: outage.client, batchSize: 20, flushIntervalMs: 20, retryBaseMs: 20, retryMaxMs: 200 });
        await produce(ledger, 50, 6, 'before');
        await eventually(() => ledger.stats().written > 0);
        outage.cut();
        await produce(ledger, 50, 8, 'during');
        await eventually(() => ledger.stats().failedAttempts >= 2);
        outage.restore();
        await produce(ledger, 50, 6, 'after');
        await ledger.flush();
        expect(ledger.stats()).toMatchObject({ buffered: 0, written: 1000, dropped: 0 });
        expect(await countRows(env.client())).toBe(1000);
        const counts = await perProducer(env);
        expect([...counts.values()].every((n) => n === 20)).toBe(true);
      } finally {
        await outage.close();
      }
    });

    it('does not store a batch twice when its INSERT ran but the reply was lost', async () => {
      const flaky = createFlakyClient(env.client());
      const ledger = make({ client: flaky.client, batchSize: 10, flushIntervalMs: 60_000, retryBaseMs: 10 });
      flaky.failAfterCommit(1);
      for (let i = 0; i < 10; i++) ledger.record(row('k'));
      await ledger.flush();
      expect(ledger.stats()).toMatchObject({ failedAttempts: 1, written: 10, buffered: 0 });
      expect(flaky.inserts()).toBe(2);
      expect(await countRows(env.client())).toBe(10);
    });

    it('keeps the oldest rows when the buffer is full, counts and reports the dropped ones', async () => {
      const flaky = createFlakyClient(env.client());
      const logger = createCaptureLogger();
      const ledger = make({ client: flaky.client, logger, batchSize: 10, maxBuffer: 50, flushIntervalMs: 10, retryBaseMs: 10, retryMaxMs: 20 });
      flaky.cut();
      for (let i = 0; i < 80; i++) ledger.record(row('k', `op${i}`));
      expect(ledger.stats()).toMatchObject({ buffered: 50, dropped: 30 });
      expect(logger.lines.some((l) => l.level === 'error' && l.msg.includes('DROPPED'))).toBe(true);
      flaky.restore();
      await ledger.flush();
      const stored = await env.client().query<{ operation: string }>('SELECT operation FROM usage_ledger');
      expect(new Set(stored.rows.map((r) => r.operation))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => `op${i}`)));
      expect(logger.lines.some((l) => l.level === 'error' && (l.obj as { dropped?: number }).dropped === 30)).toBe(true);
    });

    it('flush() gives up after its time limit while the database is down, and the rows wait', async () => {
      const flaky = createFlakyClient(env.client());
      const ledger = make({ client: flaky.client, batchSize: 10, flushTimeoutMs: 200, retryBaseMs: 20 });
      flaky.cut();
      for (let i = 0; i < 15; i++) ledger.record(row('k', `op${i}`));
      const started = Date.now();
      await ledger.flush();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(ledger.stats().buffered).toBe(15);
      expect(ledger.stats().failedAttempts).toBeGreaterThan(0);
      flaky.restore();
      await ledger.close();
      expect(await countRows(env.client())).toBe(15);
    });

    it('stores identical calls of one second as one row counting them, and a call after its row was taken as a new row', async () => {
      const flaky = createFlakyClient(env.client());
      const ledger = make({ client: flaky.client, batchSize: 100, flushIntervalMs: 60_000 });
      const at = (ms: number): UsageRow => ({ ...row('k'), at: new Date(ms) });
      const second = Date.UTC(2026, 10, 26, 12, 0, 0);
      for (let i = 0; i < 40; i++) ledger.record(at(second + i * 10)); // 0–390 ms into one second
      ledger.record({ ...at(second + 500), cacheStatus: 'HIT' }); // another cache status: its own row
      ledger.record({ ...at(second + 600), price: 0.5 }); // another price: its own row
      ledger.record(at(second + 1_000)); // the next second: its own row
      expect(ledger.stats().buffered).toBe(4);
      await ledger.flush();
      expect(flaky.inserts()).toBe(1);
      ledger.record(at(second + 999)); // its second's row is stored already: a new row, never an update
      await ledger.flush();
      const stored = await env
        .client()
        .query<{ calls: number; cache_status: string; price: string; at: Date }>('SELECT calls, cache_status, price::text AS price, at FROM usage_ledger ORDER BY at, calls');
      expect(stored.rows.map((r) => [r.calls, r.cache_status, r.price, new Date(r.at).getTime() - second])).toEqual([
        [40, 'MISS', '1', 0],
        [1, 'HIT', '1', 500],
        [1, 'MISS', '0.5', 600],
        [1, 'MISS', '1', 999],
        [1, 'MISS', '1', 1_000],
      ]);
      expect(ledger.stats()).toMatchObject({ buffered: 0, written: 44 });
    });

    it('turns away a row the database could never store instead of stalling the batch', async () => {
      const ledger = make({ client: env.client(), batchSize: 10 });
      ledger.record(row('k', 'bad', Number.NaN));
      ledger.record({ ...row('k'), status: 1.5 });
      ledger.record(row('k', 'good', 0.1));
      await ledger.flush();
      expect(ledger.stats()).toMatchObject({ invalid: 2, written: 1 });
      const stored = await env.client().query<{ operation: string; price: string }>('SELECT operation, price::text AS price FROM usage_ledger');
      expect(stored.rows).toEqual([{ operation: 'good', price: '0.1' }]);
    });
  });
}
