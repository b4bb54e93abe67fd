import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createSqlRunLeases } from '../../src/adapters/sql/sql-run-leases.js';
import { createTaskQueue, RUN_QUEUE, type TaskQueue } from '../../src/tasks/task-queue.js';
import type { RunResult } from '../../src/tasks/task-runner.js';

/*
 * Issue 24, item 8, the multi-process side: a process takes back only the runs of dead processes. Two queues on
 * one database stand for two processes. A runs a task and renews its lease: B, looking for lapsed runs all the
 * while, must not take it. Then A's renewals stop reaching the database (as when A is killed): B takes the task
 * over within about a lease, and A, once its renewal gets through again, finds the run gone and stops itself
 * without queuing a continuation, so the task runs in one place.
 */
describe('run leases between two processes', () => {
  const LEASE_SECONDS = 2;
  let db: SqlClient;
  let renewalsCut = false;
  const queues: TaskQueue[] = [];
  const runs: { who: 'A' | 'B'; taskId: string; startedAt: number; stoppedAt?: number }[] = [];

  /** A's view of the database: its lease renewals fail while `renewalsCut`. */
  const cutClient = (client: SqlClient): SqlClient => ({
    ...client,
    kind: client.kind,
    schema: client.schema,
    query: (sql, params) => (renewalsCut && sql.includes('task_run_leases') ? Promise.reject(new Error('connection terminated')) : client.query(sql, params)),
    exec: (sql) => client.exec(sql),
    transaction: (fn) => client.transaction(fn),
    close: () => client.close(),
  });

  const queueOf = (who: 'A' | 'B', client: SqlClient) =>
    createTaskQueue({
      client,
      schema: 'leases_boss',
      runner: {
        run: async (taskId, signal): Promise<RunResult> => {
          const run: (typeof runs)[number] = { who, taskId, startedAt: Date.now() };
          runs.push(run);
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          run.stoppedAt = Date.now();
          return 'unfinished';
        },
      },
      workers: 1,
      leaseSeconds: LEASE_SECONDS,
      leases: createSqlRunLeases({ client, bossSchema: 'leases_boss', queue: RUN_QUEUE, leaseSeconds: LEASE_SECONDS }),
      deliver: async () => {},
      notifyRetrySeconds: 30,
      notifyWorkers: 1,
      logger: silentLogger,
    });

  beforeAll(async () => {
    db = await createTestPglite();
  }, 60_000);
  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await db?.close();
  }, 60_000);

  const until = (what: string, done: () => boolean, ms: number) =>
    vi.waitFor(() => {
      if (!done()) throw new Error(`${what}: not within ${ms} ms`);
    }, { timeout: ms, interval: 10 });

  it('never takes a live run; takes a dead one back within about a lease, and the old run stops itself', async () => {
    const a = queueOf('A', cutClient(db));
    queues.push(a);
    await a.start();
    await a.enqueue('task-1');
    await until('A starts the run', () => runs.length === 1, 20_000);
    const b = queueOf('B', db);
    queues.push(b);
    await b.start();

    // Five leases with B looking every ~0.7 s: A renews, so B never runs the task.
    // real wait: leases lapse by the database's clock, across processes (test:long)
    await new Promise((resolve) => setTimeout(resolve, 5 * LEASE_SECONDS * 1000));
    expect(runs.map((r) => r.who)).toEqual(['A']);
    expect(runs[0]!.stoppedAt).toBeUndefined();

    // A's renewals stop reaching the database: B takes the task over.
    renewalsCut = true;
    const cutAt = Date.now();
    await until('B takes the task over', () => runs.some((r) => r.who === 'B'), 20_000);
    const takenIn = runs.find((r) => r.who === 'B')!.startedAt - cutAt;
    expect(takenIn).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 1000);
    expect(takenIn).toBeLessThan(LEASE_SECONDS * 1000 + 8_000);

    // A's next renewal gets through, finds the run taken, and A stops; nothing else starts the task.
    renewalsCut = false;
    await until('A stops its run', () => runs[0]!.stoppedAt !== undefined, 10_000);
    // real wait: leases lapse by the database's clock, across processes (test:long)
    await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_SECONDS * 1000));
    expect(runs.map((r) => r.who)).toEqual(['A', 'B']);
    expect(runs[1]!.stoppedAt).toBeUndefined();
  }, 90_000);
});
