import type { QuotaGuard, TaskTicket } from '../ports/quota.js';

/** Hands out task call slots one at a time, round-robin between the keys that have calls waiting. */
export interface FairTurns {
  /**
   * Resolves with a slot when it is this key's turn and the tasks' share of the budget has one (a ticket to give
   * to `quota.spendTicket`), or with undefined when the source has no budget. Rejects when `signal` aborts.
   */
  turn(keyId: string, signal?: AbortSignal): Promise<TaskTicket | undefined>;
  /** Calls waiting for a turn in this process. */
  waiting(): number;
  /** Stops handing out slots (pending turns reject). */
  close(): void;
}

const sleepUnref = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

interface Waiter {
  resolve(ticket: TaskTicket): void;
  reject(error: unknown): void;
  signal: AbortSignal | undefined;
}

/**
 * One pump per process takes a slot (waiting for the budget as long as it takes) and gives it to the next key in
 * rotation, so one key's 10,000 keywords do not hold up another key's 10. Processes sharing a Redis budget each
 * rotate among their own waiting keys; the slots themselves come from the one shared log.
 */
export function createFairTurns(quota: QuotaGuard | undefined): FairTurns {
  const queues = new Map<string, Waiter[]>(); // insertion order is the rotation order
  const closing = new AbortController();
  let pumping = false;
  let count = 0;

  const nextWaiter = (): Waiter | undefined => {
    for (const [keyId, queue] of queues) {
      queues.delete(keyId);
      let waiter: Waiter | undefined;
      while ((waiter = queue.shift()) && waiter.signal?.aborted) count--;
      if (queue.length > 0) queues.set(keyId, queue); // to the back of the rotation
      if (waiter) {
        count--;
        return waiter;
      }
    }
    return undefined;
  };

  const pump = async () => {
    pumping = true;
    try {
      while (count > 0 && !closing.signal.aborted) {
        const ticket = await quota!.takeTaskSlot(closing.signal);
        const waiter = nextWaiter();
        if (!waiter) continue; // everyone gave up meanwhile
        waiter.resolve(ticket);
        // One turn at a time: the next waits until this call took its slot (or needed none), so the room seen
        // is real and the rotation holds. A stuck call releases the turn after a while all the same.
        await Promise.race([ticket.settled, sleepUnref(30_000)]);
      }
    } catch (error) {
      for (let w = nextWaiter(); w; w = nextWaiter()) w.reject(error);
    } finally {
      pumping = false;
    }
  };

  return {
    turn(keyId, signal) {
      if (!quota) return Promise.resolve(undefined);
      signal?.throwIfAborted();
      closing.signal.throwIfAborted();
      return new Promise<TaskTicket>((resolve, reject) => {
        const onAbort = () => reject(signal!.reason);
        const done = () => signal?.removeEventListener('abort', onAbort);
        const waiter: Waiter = {
          resolve: (ticket) => (done(), resolve(ticket)),
          reject: (error) => (done(), reject(error)),
          signal,
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const queue = queues.get(keyId);
        if (queue) queue.push(waiter);
        else queues.set(keyId, [waiter]);
        count++;
        if (!pumping) void pump();
      });
    },
    waiting: () => count,
    close: () => closing.abort(new Error('task workers are stopping')),
  };
}
