import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import { createDeferredSqlClient } from '../../src/adapters/sql/deferred-client.js';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createSqlQuotaLog } from '../../src/adapters/sql/sql-quota-log.js';
import type { LoggedCall, QuotaLogPersistence } from '../../src/ports/quota-log.js';
import { createDependencyChecks } from '../../src/observability/readiness.js';
import { createTestClock } from '../support/kit.js';

/*
 * Issue 24, item 6: a restarted service whose database took longer than the client's wait to open logged "the
 * stored call log could not be read; counting from now" and handed the whole hour back (budget 12, 9 spent,
 * restart on a slow disk → 19 upstream calls in the hour). Until the stored log is read the scheduler counts as
 * when Redis is away (a quarter of the hour, health degraded), and reads it as soon as the database answers.
 */

/** A database that is away until `up`, holding `calls` (and whatever is recorded while it is up). */
function flakyPersistence(calls: LoggedCall[]) {
  const state = { up: false, loads: 0, recorded: [] as LoggedCall[] };
  const persistence: QuotaLogPersistence = {
    async load(sinceMs) {
      state.loads++;
      if (!state.up) throw new Error('the database did not open within 3000 ms');
      return [...calls, ...state.recorded].filter((call) => call.at > sinceMs).sort((a, b) => a.at - b.at);
    },
    async record(call) {
      if (!state.up) throw new Error('the database did not open within 3000 ms');
      state.recorded.push(call);
    },
    async forget() {},
  };
  return { state, persistence };
}

describe('the hourly budget while the stored call log cannot be read', () => {
  it('allows only a quarter of the hour, says degraded, and counts the stored calls once the database answers', async () => {
    const clock = createTestClock();
    const stored = Array.from({ length: 9 }, (_, i) => ({ id: `live:before-${i}`, at: clock.now() - 600_000 + i * 1_000 }));
    const { state, persistence } = flakyPersistence(stored);
    const scheduler = createQuotaScheduler({ rph: 12, rps: 100, clock, persistence, sleep: async (ms) => clock.advance(ms) });

    // A quarter of 12: three calls, then 403 (before: 12 more, 21 in the hour).
    for (let i = 0; i < 3; i++) await scheduler.acquire('dynamics');
    await expect(scheduler.acquire('dynamics')).rejects.toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED' });
    expect((await scheduler.status()).hourly.remaining).toBe(0);
    expect(await scheduler.checkHealth()).toMatchObject({ status: 'degraded', detail: expect.stringContaining('not read yet') });
    const [quotaCheck] = createDependencyChecks({ source: {} as never, sourceKind: 'wordstat', cache: {} as never, ledger: {} as never, quota: scheduler }).filter(
      (check) => check.name === 'quota',
    );
    expect(await quotaCheck!.check()).toMatchObject({ ok: true, degraded: true });

    // The database answers: the next decision after the retry delay reads it (in the background) and merges it.
    state.up = true;
    clock.advance(1_000);
    await scheduler.status();
    await new Promise((resolve) => setImmediate(resolve)); // a turn of the loop: the background read settles
    expect(state.loads).toBeGreaterThanOrEqual(2);
    expect(await scheduler.checkHealth()).toMatchObject({ status: 'ok' });
    // 9 stored + 3 made meanwhile = the whole hour of 12.
    expect((await scheduler.status()).hourly.remaining).toBe(0);
    await expect(scheduler.acquire('dynamics')).rejects.toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED' });
    // The 3 calls made while the database was away are stored now, for the next restart.
    await new Promise((resolve) => setImmediate(resolve)); // a turn of the loop: the background read settles
    expect(state.recorded).toHaveLength(3);
  });

  it('an hour after the start nothing stored can still count: the whole budget is back', async () => {
    const clock = createTestClock();
    const { persistence } = flakyPersistence([]);
    const scheduler = createQuotaScheduler({ rph: 12, rps: 100, clock, persistence, sleep: async (ms) => clock.advance(ms) });
    expect((await scheduler.status()).hourly.remaining).toBe(3);
    clock.advance(3_600_000 + 2_000);
    expect((await scheduler.status()).hourly.remaining).toBe(12);
  });
});

describe('a restart on a database slower to open than the client waits (the SQL call log)', () => {
  let db: SqlClient;
  beforeAll(async () => {
    db = await createTestPglite();
  }, 60_000);
  afterAll(() => db?.close());

  it('spends no more than the hour holds', async () => {
    const before = createQuotaScheduler({ rph: 12, rps: 100, persistence: createSqlQuotaLog(db) });
    for (let i = 0; i < 9; i++) await before.acquire('dynamics');
    // The calls are stored in the background: until all nine are there.
    await vi.waitFor(async () => {
      const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM quota_calls');
      expect(Number(rows[0]!.n)).toBe(9);
    }, { timeout: 10_000, interval: 20 });
    await before.close();

    // The restarted process's database opens only when the test says so; queries wait 100 ms for it, then fail.
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const slow = createDeferredSqlClient(async () => {
      await opened;
      return db;
    }, { kind: 'pglite', waitForOpenMs: 100 });
    const restarted = createQuotaScheduler({ rph: 12, rps: 100, persistence: createSqlQuotaLog(slow) });
    let granted = 0;
    for (let i = 0; i < 12; i++) {
      try {
        await restarted.acquire('dynamics');
        granted++;
      } catch (error) {
        expect(error).toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED' });
      }
    }
    expect(granted).toBe(3);
    expect((await restarted.checkHealth()).status).toBe('degraded');

    open();
    await vi.waitFor(async () => expect(await restarted.checkHealth()).toMatchObject({ status: 'ok' }), { timeout: 10_000, interval: 20 });
    // 9 before the restart + 3 after it: the hour of 12 is spent, and stays so.
    expect((await restarted.status()).hourly.remaining).toBe(0);
    await expect(restarted.acquire('dynamics')).rejects.toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED' });
    await restarted.close();
  });
});
