import type { Clock } from '../../ports/clock.js';
import type { Logger } from '../../ports/logger.js';
import type { NotifyJob } from '../task-queue.js';
import type { TaskStore } from '../../ports/task-store.js';
import type { TaskRecord } from '../../domain/tasks.js';
import { RetryableDeliveryError, type WebhookKind } from './webhook-delivery.js';
import { substituteUrl } from './webhook-url.js';

/** Notifications are retried for up to a day after the task ended, then given up. */
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export interface NotifierDeps {
  store: TaskStore;
  clock: Clock;
  logger: Logger;
  /** `keyId`: whose task it notifies (deliveries are bounded per key too). */
  deliver(kind: WebhookKind, url: string, body?: string, keyId?: string): Promise<void>;
  /** The task_get body of a finished task, as the postback sends it. */
  present(task: TaskRecord): string;
  /** Queues a delivery job (durable, retried with backoff). */
  queue(job: NotifyJob): Promise<void>;
}

/** Queues a task's notifications when it ends, and delivers each one when its job runs. */
export function createNotifier(deps: NotifierDeps) {
  return {
    /** When a task ends done or failed: one job per URL it gave. */
    async taskEnded(task: TaskRecord): Promise<void> {
      if (task.postbackUrl) await deps.queue({ taskId: task.id, kind: 'postback' });
      if (task.pingbackUrl) await deps.queue({ taskId: task.id, kind: 'pingback' });
    },
    /** Runs one delivery job: throws to be retried (5xx, timeout, connection error), returns when done or hopeless. */
    async handle(job: NotifyJob): Promise<void> {
      const task = await deps.store.get(job.taskId);
      const template = job.kind === 'postback' ? task?.postbackUrl : task?.pingbackUrl;
      if (!task || !template) return;
      if (task.finishedAt && deps.clock.now() - task.finishedAt.getTime() > GIVE_UP_AFTER_MS) {
        deps.logger.warn({ taskId: task.id, kind: job.kind }, 'task notification given up after 24 hours');
        return;
      }
      const url = substituteUrl(template, task);
      try {
        await deps.deliver(job.kind, url, job.kind === 'postback' ? deps.present(task) : undefined, task.keyId);
      } catch (error) {
        if (error instanceof RetryableDeliveryError) throw error;
        // Refused host, 4xx: no retry can help.
        deps.logger.warn({ taskId: task.id, kind: job.kind, reason: (error as Error).message }, 'task notification dropped');
      }
    },
  };
}
