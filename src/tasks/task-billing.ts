import type { Clock } from '../ports/clock.js';
import type { Ledger } from '../ports/ledger.js';
import { type Prices, priceOfRequest } from '../services/billing.js';
import type { CacheStatusTracker } from '../services/cache-status.js';
import type { TaskStore } from '../ports/task-store.js';
import type { TaskRecord } from '../domain/tasks.js';

/** Ledger status of a cancelled task's row (the client ended it, as with a closed request). */
const CANCELLED_STATUS = 499;

/**
 * Bills a cancelled task once: the call price when some of its answers cost an upstream call (they are cached
 * for a re-post, as decisions.md says), else nothing. The cancel (any process) and the runner that notices it both
 * call this; the store's settle lets exactly one of them write the price and the ledger row.
 */
export async function billCancelledTask(
  deps: { store: TaskStore; ledger: Ledger; prices: Prices; clock: Clock },
  task: Pick<TaskRecord, 'id' | 'keyId' | 'operation'>,
  spent: boolean,
): Promise<void> {
  const cost = spent ? deps.prices.call : 0;
  if (!(await deps.store.settleCancelled(task.id, cost))) return;
  if (cost === 0) return;
  deps.ledger.record({
    at: new Date(deps.clock.now()),
    keyId: task.keyId,
    operation: `v1.${task.operation}.task`,
    cacheStatus: 'MISS',
    status: CANCELLED_STATUS,
    price: cost,
  });
}

/**
 * A finished task's price: the live rule (billing.ts: each source at its own prices, the repeat price when all came
 * from the cache), except that a task resumed after a crash whose paid answers were stored before it still pays
 * the call price of the source it spent on.
 */
export function taskCost(prices: Prices, tracker: CacheStatusTracker, spent: boolean): number {
  const byRule = priceOfRequest(prices, tracker, true);
  if (!spent) return byRule;
  const searchOnly = prices.search !== undefined && tracker.count('search') > 0 && tracker.count('statistics') === 0;
  return Math.max(byRule, searchOnly ? prices.search!.call : prices.call);
}
