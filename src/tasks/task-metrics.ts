import { Counter, Gauge, type Registry } from 'prom-client';
import type { TaskCounts } from '../domain/tasks.js';

/**
 * Task gauges (read from the database at scrape time, so every process shows the shared truth) and the
 * notification attempts of this process, on the app's own registry.
 */
export function registerTaskMetrics(registry: Registry, counts: () => Promise<TaskCounts>) {
  let last: Promise<TaskCounts> | undefined;
  // One read serves the three gauges of a scrape.
  const read = () => (last ??= counts().finally(() => setTimeout(() => (last = undefined), 0)));
  const gauge = (name: string, help: string, pick: (c: TaskCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await read().catch(() => ({ queued: 0, running: 0, keywordsWaiting: 0, keysWithWork: 0 }))));
      },
    });
  gauge('sds_tasks_queued', 'Tasks waiting to start', (c) => c.queued);
  gauge('sds_tasks_running', 'Tasks started and not finished', (c) => c.running);
  gauge('sds_task_keywords_waiting', 'Source calls (keywords) queued and running tasks still wait for', (c) => c.keywordsWaiting);
  const attempts = new Counter({
    name: 'sds_task_notifications_total',
    help: 'Task notification attempts by kind (postback, pingback) and outcome (ok, http_5xx, error, refused…)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  return { notificationAttempt: (kind: string, outcome: string) => attempts.inc({ kind, outcome }) };
}
