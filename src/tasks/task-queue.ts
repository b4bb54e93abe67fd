import PgBoss from 'pg-boss';
import type { SqlClient, SqlQueryable } from '../ports/sql-client.js';
import type { Logger } from '../ports/logger.js';
import type { RunJobRef, RunLeases } from '../ports/run-leases.js';
import type { TaskRunner } from './task-runner.js';

/** pg-boss's queue of task runs (the run leases read its jobs). */
export const RUN_QUEUE = 'task-run';
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
   * Seconds a run may go without renewing its lease before another process takes the task over
   * (TASK_LEASE_SECONDS): a running slice renews it several times within that, so only a dead process's run
   * lapses. See src/adapters/sql/sql-run-leases.ts.
   */
  leaseSeconds: number;
  /** How long a run goes before it queues its continuation and gives its worker up (default 150 s). */
  sliceSeconds?: number;
  /** The runs' leases, kept in the same database, over pg-boss's run queue (RUN_QUEUE) in `schema`. */
  leases: RunLeases<SqlQueryable>;
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

/** pg-boss inside one of our transactions (its send is one parameterised statement). */
function transactionDb(tx: SqlQueryable): PgBoss.Db {
  return { executeSql: (text: string, values?: unknown[]) => tx.query(text, values ?? []) } as PgBoss.Db;
}

export function createTaskQueue(options: TaskQueueOptions): TaskQueue {
  const { runner, logger, leaseSeconds } = options;
  const sliceSeconds = options.sliceSeconds ?? 150;
  const schema = options.schema ?? 'pgboss';
  const { leases } = options;
  // Renewals (and the look for lapsed runs) at least 3 times a lease, at most every 5 s (3 times at the default 15 s).
  const renewEveryMs = Math.min(5_000, Math.max(500, Math.floor((leaseSeconds * 1000) / 3)));
  const boss = new PgBoss({
    db: bossDb(options.client),
    schema,
    schedule: false,
    // Dead processes' runs are taken back by their lapsed leases, not by pg-boss's expiry: its maintenance (expiry
    // as a backstop, archiving) need not run often.
    maintenanceIntervalSeconds: 60,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error: unknown) => logger.warn({ err: error }, 'task queue error'));
  const stopping = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  let started: Promise<void> | undefined;

  // pg-boss's own expiry is only a backstop now (it retries the job under the same id, which the lease rule avoids):
  // well beyond any live slice.
  const runOptions: PgBoss.SendOptions = { expireInSeconds: 2 * sliceSeconds + leaseSeconds, retryLimit: 10_000, retryDelay: 1 };
  // Enough doublings of the first delay to cover a day (pg-boss adds up to as much again as jitter).
  const notifyRetries = Math.ceil(Math.log2(86_400 / options.notifyRetrySeconds + 1));
  const notifyOptions: PgBoss.SendOptions = {
    retryLimit: notifyRetries,
    retryDelay: options.notifyRetrySeconds,
    retryBackoff: true,
    expireInSeconds: 120,
  };

  const yieldCheck = options.yieldCheck ?? { everyMs: 2_000, afterMs: 5_000 };
  // A failed priority read must not lose the run: it goes out FIFO then.
  const sendOptions = async (taskId: string) => {
    const priority = await options.fairness?.priorityOf(taskId).catch(() => 0);
    return priority === undefined ? runOptions : { ...runOptions, priority };
  };
  const send = async (taskId: string) => {
    await boss.send(RUN_QUEUE, { taskId }, await sendOptions(taskId));
  };

  // Runs of dead processes: their tasks go back to the queue as new jobs, within a lease of the death.
  let takingBack: Promise<void> | undefined;
  const takeBackLapsed = () =>
    (takingBack ??= (async () => {
      for (const run of await leases.lapsed()) {
        const sendAs = await sendOptions(run.taskId);
        const taken = await leases.takeOver(run.jobId, (tx) => boss.send(RUN_QUEUE, { taskId: run.taskId }, { ...sendAs, db: transactionDb(tx) }).then(() => undefined));
        if (taken) logger.info({ taskId: run.taskId, jobId: run.jobId }, 'task taken back: its run stopped renewing its lease (the process died)');
      }
    })()
      .catch((error: unknown) => logger.warn({ err: error }, 'lapsed task runs not taken back'))
      .finally(() => (takingBack = undefined)));
  let takeBackTimer: NodeJS.Timeout | undefined;

  const runSlice = async (job: RunJobRef, taskId: string) => {
    // The lease: renewed now and every renewEveryMs. A renewal that finds the job taken over (this process missed
    // a whole lease) stops the slice, and no continuation is queued: the job that took over carries the task on.
    const lost = new AbortController();
    const renew = async () => {
      if (!(await leases.renew(job).catch(() => true))) lost.abort(new Error('the run lost its lease to another process'));
    };
    await renew();
    const renewal = setInterval(() => void renew(), renewEveryMs);
    // A slice ends after sliceSeconds, at shutdown, when it lost its lease, or early (after yieldCheck.afterMs) when another key's task
    // waits with nothing running: with every worker busy on one key's 100 tasks, another key's 5 keywords used to
    // wait for all of them. The continuation goes back to the queue at this key's (lower) priority.
    const yielded = new AbortController();
    const slice = AbortSignal.any([stopping.signal, AbortSignal.timeout(sliceSeconds * 1000), yielded.signal, lost.signal]);
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
      if (lost.signal.aborted) return;
      const result = await runner.run(taskId, slice);
      if (result === 'unfinished' && !lost.signal.aborted) await send(taskId);
    } finally {
      clearInterval(watch);
      clearInterval(renewal);
      if (!lost.signal.aborted) await leases.release(job.id).catch(() => {});
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
        await leases.migrate();
        for (let i = 0; i < options.workers; i++) {
          await boss.work<{ taskId: string }>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, ([job]) =>
            track(runSlice({ id: job!.id, retryCount: job!.retryCount }, job!.data.taskId)),
          );
        }
        // A process with workers looks for dead processes' runs at start and every renewEveryMs (a restarted
        // process takes its own back this way, within a lease of the kill).
        if (options.workers > 0 && !stopping.signal.aborted) {
          await takeBackLapsed();
          takeBackTimer = setInterval(() => void takeBackLapsed(), renewEveryMs);
          takeBackTimer.unref();
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
      clearInterval(takeBackTimer);
      if (!started) return;
      await takingBack;
      await started.catch(() => {});
      await Promise.allSettled([...inFlight]);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
    },
  };
}
