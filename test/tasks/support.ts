import { randomUUID } from 'node:crypto';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createTestPglite } from '../support/pglite.js';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import { createScheduledSource } from '../support/scheduled-source.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createSourceGateway } from '../../src/services/source-gateway.js';
import { createFairTurns } from '../../src/tasks/fair-turns.js';
import { createSqlTaskStore } from '../../src/adapters/sql/sql-task-store.js';
import { createTaskRunner, type TaskRunnerDeps } from '../../src/tasks/task-runner.js';
import { defaultRegistry } from '../../src/operations/registry.js';
import { taskSpecsOf } from '../../src/operations/task-specs.js';
import type { TaskOperation } from '../../src/domain/tasks.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestClock } from '../support/kit.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { createTestCache } from '../support/memory-cache.js';

const HOUR = 3_600_000;

/**
 * The task core on virtual time: a counting source behind the real quota scheduler (memory log, manual clock:
 * waiting for the budget moves the clock instead of sleeping), the real gateway and cache, tasks in an in-memory
 * PGlite. Returns what a test needs to post tasks and run them.
 */
export async function createVirtualTaskHarness(options: { rph: number; rps?: number; liveReserve: number }) {
  const clock = createTestClock();
  const sleep = async (ms: number, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    clock.advance(ms);
  };
  const quota = createQuotaScheduler({ rph: options.rph, rps: options.rps ?? 10, liveReserve: options.liveReserve, clock, sleep });
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 0 });
  const cache = createTestCache(clock);
  const gateway = createSourceGateway({ source: createScheduledSource(source, quota), cache, clock, freshTtlMs: 24 * HOUR, staleTtlMs: 7 * 24 * HOUR });
  const client = await createTestPglite();
  const store = createSqlTaskStore(client);
  await store.migrate();
  const ledger = createMemoryLedger();
  const turns = createFairTurns(quota);
  const finishedAt = new Map<string, number>();
  const deps: TaskRunnerDeps = {
    store,
    gateway,
    quota,
    turns,
    clock,
    timeZone: 'Europe/Moscow',
    catalog: createFixtureCatalog(),
    sourceKind: 'wordstat',
    prices: { call: 1, repeat: 0.1 },
    ledger,
    logger: silentLogger,
    freshTtlMs: 24 * HOUR,
    concurrency: 8,
    operations: taskSpecsOf(defaultRegistry),
    sleep,
    onFinished: (task) => finishedAt.set(task.id, clock.now()),
  };
  const runner = createTaskRunner(deps);
  const post = async (keyId: string, operation: TaskOperation, request: Record<string, unknown>) => {
    const id = randomUUID();
    await store.insert([{ id, keyId, operation, request, tag: null, postbackUrl: null, pingbackUrl: null, postedAt: new Date(clock.now()) }]);
    return id;
  };
  return {
    clock,
    quota,
    source,
    gateway,
    store,
    ledger,
    turns,
    runner,
    finishedAt,
    post,
    async close() {
      turns.close();
      await client.close();
    },
  };
}
