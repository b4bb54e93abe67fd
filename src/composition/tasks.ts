import type { Registry } from 'prom-client';
import type { Config } from '../config/config.js';
import type { SqlClient } from '../adapters/sql/sql-client.js';
import type { KeyChangeFeed } from '../ports/key-changes.js';
import type { Logger } from '../ports/logger.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { outsideAnyRequest } from '../http/request-context.js';
import { presentTaskGet } from '../operations/task-envelope.js';
import { v3TaskPostback } from '../v3/routes.js';
import { createFairTurns } from '../tasks/fair-turns.js';
import { registerTaskMetrics } from '../tasks/task-metrics.js';
import { createTaskQueue, RUN_QUEUE } from '../tasks/task-queue.js';
import { createSqlRunLeases } from '../adapters/sql/sql-run-leases.js';
import { createTaskRunner } from '../tasks/task-runner.js';
import type { TaskOperationSpecs } from '../tasks/task-operations.js';
import { createTaskService, type TaskService } from '../tasks/task-service.js';
import { createSqlTaskStore } from '../adapters/sql/sql-task-store.js';
import { uncachedCallCount } from '../tasks/task-plan.js';
import { taskSearchMode } from '../tasks/task-serp-source.js';
import type { TaskRecord } from '../domain/tasks.js';
import { DEFERRED_SEARCH_MIN_MS, type SerpGateway } from '../services/serp-gateway.js';
import { createNotifier } from '../tasks/webhooks/notifier.js';
import { limitPerHost } from '../tasks/webhooks/host-limit.js';
import { createWebhookDelivery } from '../tasks/webhooks/webhook-delivery.js';

export interface TaskSetup {
  service: TaskService;
  /** Starts the job engine (migrations, workers); posting starts it too. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Tasks over the ledger's database: the store, pg-boss jobs (in schema TASK_QUEUE_SCHEMA), TASK_WORKERS workers
 * calling the same services as the live routes, notifications, retention, metrics.
 */
export function createTaskSetup(
  config: Config,
  deps: { client: SqlClient; runtime: ServiceRuntime; registry: Registry; logger: Logger; keyChanges?: KeyChangeFeed | undefined; operations: TaskOperationSpecs },
): TaskSetup {
  const { runtime, logger } = deps;
  const store = createSqlTaskStore(deps.client);
  const turns = createFairTurns(runtime.quota);
  const metrics = registerTaskMetrics(deps.registry, () => store.counts());
  const deliver = limitPerHost(createWebhookDelivery({
    secret: config.WEBHOOK_SECRET,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    logger,
    onAttempt: metrics.notificationAttempt,
  }));
  const notifier = createNotifier({
    store,
    clock: runtime.clock,
    logger,
    deliver,
    // A task posted through /v3 is sent as the format's task_get body; every other as /v1's.
    present: (task) => JSON.stringify(v3TaskPostback(task, runtime) ?? presentTaskGet({ startedAt: runtime.clock.now(), now: runtime.clock.now() }, { task, eta: null })),
    queue: (job) => queue.notify(job),
  });
  const runnerDeps = {
    store,
    gateway: runtime.gateway,
    serp: runtime.serp,
    quota: runtime.quota,
    turns,
    clock: runtime.clock,
    timeZone: runtime.timeZone,
    catalog: runtime.catalog,
    keywordData: runtime.keywordData,
    core: runtime.core,
    sourceKind: runtime.sourceKind,
    prices: runtime.prices,
    ledger: runtime.ledger,
    logger,
    freshTtlMs: config.CACHE_TTL,
    concurrency: runtime.concurrency,
    operations: deps.operations,
    onFinished: (task: TaskRecord) => void notifier.taskEnded(task).catch((error: unknown) => logger.error({ err: error, taskId: task.id }, 'task notification not queued')),
  };
  const runner = createTaskRunner(runnerDeps);
  const queue = createTaskQueue({
    client: deps.client,
    schema: config.TASK_QUEUE_SCHEMA,
    // A run logs as its task, never under the id of the request whose post happened to start the job engine.
    runner: { run: (taskId, signal) => outsideAnyRequest(() => runner.run(taskId, signal)) },
    workers: config.TASK_WORKERS,
    leaseSeconds: config.TASK_LEASE_SECONDS,
    leases: createSqlRunLeases({ client: deps.client, bossSchema: config.TASK_QUEUE_SCHEMA, queue: RUN_QUEUE, leaseSeconds: config.TASK_LEASE_SECONDS }),
    deliver: (job) => notifier.handle(job),
    notifyRetrySeconds: config.WEBHOOK_RETRY_SECONDS,
    fairness: {
      priorityOf: (taskId) => store.fairPriority(taskId),
      shouldYield: async (taskId) => {
        const task = await store.get(taskId, { withResult: false });
        return task !== undefined && (await store.anotherKeyStarved(task.keyId));
      },
    },
    logger,
  });
  const service = createTaskService({
    store,
    clock: runtime.clock,
    quota: runtime.quota,
    // The run's own plan, counted at post: calls_total is known from the first task_get.
    planCalls: (task) => uncachedCallCount(runnerDeps, task),
    enqueue: (id) => queue.enqueue(id),
    allowPrivateWebhooks: config.WEBHOOK_ALLOW_PRIVATE,
    billing: { ledger: runtime.ledger, prices: runtime.prices },
    operations: deps.operations,
    catalog: runtime.catalog,
    ...(runtime.serp ? { searchesWithinMs: searchesWithinMs(runtime.serp) } : {}),
  });
  // Finished tasks and their answers go after TASK_RETENTION; every process sweeps (the delete is idempotent).
  // The tables are made first (a sweep before the first task used to fail every hour), and the sweep runs at most
  // once a minute: TASK_RETENTION=0 swept every millisecond.
  const sweep = setInterval(() => {
    void store
      .migrate()
      .then(() => store.purge(new Date(runtime.clock.now() - config.TASK_RETENTION)))
      .catch((error: unknown) => logger.warn({ err: error }, 'task retention sweep failed'));
  }, sweepEveryMs(config.TASK_RETENTION));
  sweep.unref();
  // A revoked key's tasks stop, whichever process revoked it (its tasks kept spending calls before). Every
  // process hears the change; the cancel is idempotent, so the first one does it.
  const stopListening = deps.keyChanges?.subscribe({
    onChange: (change) => {
      if (change.kind !== 'revoked') return;
      void service
        .cancelForKey(change.keyId)
        .then((count) => count > 0 && logger.info({ keyId: change.keyId, tasks: count }, 'revoked key: its tasks are cancelled'))
        .catch((error: unknown) => logger.error({ err: error, keyId: change.keyId }, 'revoked key: its tasks could not be cancelled'));
    },
    onGap: () => undefined,
  });
  let started: Promise<void> | undefined;
  return {
    service,
    start() {
      started ??= (async () => {
        await store.migrate();
        await outsideAnyRequest(() => queue.start());
      })().catch((error: unknown) => {
        started = undefined; // the next post or restart tries again
        throw error;
      });
      return started;
    },
    async close() {
      clearInterval(sweep);
      stopListening?.();
      await queue.close(); // running slices stop and queue their continuation first
      turns.close();
    },
  };
}

/**
 * A task's remaining web searches on the mode it would take (taskSearchMode): on the deferred mode the engine's
 * floor (at least 5 minutes an answer, the searches in parallel) plus the deferred budget's arithmetic; on the
 * synchronous mode now (the mode is taken only when its budget grants every page within its wait).
 */
function searchesWithinMs(serp: SerpGateway): (n: number, total: number) => Promise<number> {
  return async (n, total) => {
    if ((await taskSearchMode(serp, total)) === 'sync') return 0;
    return DEFERRED_SEARCH_MIN_MS + ((await serp.quota('deferred')?.taskCallsWithinMs(n)) ?? 0);
  };
}

/** How often finished tasks are swept: the retention itself, within one minute and one hour. */
export function sweepEveryMs(retentionMs: number): number {
  return Math.min(3_600_000, Math.max(60_000, retentionMs));
}
