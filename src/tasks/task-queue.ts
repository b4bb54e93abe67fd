import PgBoss from 'pg-boss';
import type { SqlClient } from '../adapters/sql/sql-client.js';
import type { Logger } from '../ports/logger.js';
import type { TaskRunner } from './task-runner.js';

const RUN_QUEUE = 'task-run';
const NOTIFY_QUEUE = 'task-notify';

export interface NotifyJob {
  taskId: string;
  kind: 'postback' | 'pingback';
}

export interface TaskQueueOptions {
  /** The ledger's database: pg-boss keeps its jobs there, in its own schema. */
  client: SqlClient;
  /** pg-boss's schema (default `pgboss`; tests give each run its own). */
  schema?: string;
  runner: TaskRunner;
  /** Task workers in this process (TASK_WORKERS); 0: this process only posts jobs. */
  workers: number;
  /**
   * Seconds a run may hold its job before another process takes the task over (TASK_LEASE_SECONDS). A run stops
   * itself at half of it and queues its continuation, so a live process never loses its job; a killed one does.
   */
  leaseSeconds: number;
  /** Delivers one notification; throws to have it retried with backoff. */
  deliver(job: NotifyJob): Promise<void>;
  /** First retry delay of a notification (doubling, for up to 24 h). */
  notifyRetrySeconds: number;
  /**
   * Notifications delivered at once in this process (default 8): one at a time, one hanging receiver delayed
   * every other customer's notifications by its timeout, again and again.
   */
  notifyWorkers?: number;
  /**
   * Fair admission between keys: the priority of a task's next run (higher first), and whether a running slice
   * should end early because another key's task waits with nothing running. Without them, runs are FIFO.
   */
  fairness?: { priorityOf(taskId: string): Promise<number>; shouldYield(taskId: string): Promise<boolean> };
  /** How often a running slice asks shouldYield, and the least it runs first (default 2 s and 5 s). */
  yieldCheck?: { everyMs: number; afterMs: number };
  logger: Logger;
}

/** The durable part of tasks: pg-boss jobs that run tasks (in slices) and deliver their notifications. */
export interface TaskQueue {
  start(): Promise<void>;
  /** Queues a run of the task (after a post, or the next slice). */
  enqueue(taskId: string): Promise<void>;
  notify(job: NotifyJob): Promise<void>;
  /** Stops taking jobs; running slices stop and queue their continuation. */
  close(): Promise<void>;
}

/** pg-boss over our SqlClient: parameterless SQL (its multi-statement migrations) through exec, the rest through query. */
function bossDb(client: SqlClient): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      return values && values.length > 0 ? client.query(text, values) : client.exec(text);
    },
  } as PgBoss.Db;
}

export function createTaskQueue(options: TaskQueueOptions): TaskQueue {
  const { runner, logger, leaseSeconds } = options;
  const boss = new PgBoss({
    db: bossDb(options.client),
    schema: options.schema ?? 'pgboss',
    schedule: false,
    // Expired runs (their process died) are found and retried within about half a lease.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(leaseSeconds / 2))),
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error: unknown) => logger.warn({ err: error }, 'task queue error'));
  const stopping = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  let started: Promise<void> | undefined;

  const runOptions: PgBoss.SendOptions = { expireInSeconds: leaseSeconds, retryLimit: 10_000, retryDelay: 1 };
  // Enough doublings of the first delay to cover a day (pg-boss adds up to as much again as jitter).
  const notifyRetries = Math.ceil(Math.log2(86_400 / options.notifyRetrySeconds + 1));
  const notifyOptions: PgBoss.SendOptions = {
    retryLimit: notifyRetries,
    retryDelay: options.notifyRetrySeconds,
    retryBackoff: true,
    expireInSeconds: 120,
  };

  const yieldCheck = options.yieldCheck ?? { everyMs: 2_000, afterMs: 5_000 };
  const send = async (taskId: string) => {
    // A failed priority read must not lose the run: it goes out FIFO then.
    const priority = await options.fairness?.priorityOf(taskId).catch(() => 0);
    await boss.send(RUN_QUEUE, { taskId }, priority === undefined ? runOptions : { ...runOptions, priority });
  };

  const runSlice = async (taskId: string) => {
    // A slice ends at half the lease, at shutdown, or early (after yieldCheck.afterMs) when another key's task
    // waits with nothing running: with every worker busy on one key's 100 tasks, another key's 5 keywords used to
    // wait for all of them. The continuation goes back to the queue at this key's (lower) priority.
    const yielded = new AbortController();
    const slice = AbortSignal.any([stopping.signal, AbortSignal.timeout((leaseSeconds * 1000) / 2), yielded.signal]);
    const startedAt = Date.now();
    const watch = options.fairness
      ? setInterval(() => {
          if (Date.now() - startedAt < yieldCheck.afterMs) return;
          void options.fairness!.shouldYield(taskId).then(
            (yes) => yes && yielded.abort(new Error('yielding to another key')),
            () => undefined,
          );
        }, yieldCheck.everyMs)
      : undefined;
    try {
      const result = await runner.run(taskId, slice);
      if (result === 'unfinished') await send(taskId);
    } finally {
      clearInterval(watch);
    }
  };

  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  return {
    start() {
      started ??= (async () => {
        await boss.start();
        await boss.createQueue(RUN_QUEUE);
        await boss.createQueue(NOTIFY_QUEUE);
        for (let i = 0; i < options.workers; i++) {
          await boss.work<{ taskId: string }>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, ([job]) =>
            track(runSlice(job!.data.taskId)),
          );
        }
        for (let i = 0; options.workers > 0 && i < (options.notifyWorkers ?? 8); i++) {
          await boss.work<NotifyJob>(NOTIFY_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, ([job]) => track(options.deliver(job!.data)));
        }
      })().catch(async (error: unknown) => {
        started = undefined;
        await boss.stop({ graceful: false, close: false, wait: true }).catch(() => {});
        throw error;
      });
      return started;
    },
    async enqueue(taskId) {
      await this.start();
      await send(taskId);
    },
    async notify(job) {
      await this.start();
      await boss.send(NOTIFY_QUEUE, job, notifyOptions);
    },
    async close() {
      stopping.abort(new Error('task workers are stopping'));
      if (!started) return;
      await started.catch(() => {});
      await Promise.allSettled([...inFlight]);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
    },
  };
}
