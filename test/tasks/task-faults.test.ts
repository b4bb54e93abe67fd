import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { billCancelledTask } from '../../src/tasks/task-billing.js';
import { createVirtualTaskHarness } from './support.js';

const never = new AbortController().signal;

/*
 * Source faults in a task, on virtual time: transient ones (429, quota, 503, timeouts) wait and retry and never
 * fail the task; a keyword the source rejects fails it with 50000 naming the keyword, and what was fetched stays
 * cached, so the corrected re-post costs only repeats. Also: retention and the repeat price.
 */
describe('task faults, billing and retention', () => {
  let h: Awaited<ReturnType<typeof createVirtualTaskHarness>>;
  beforeEach(async () => {
    h = await createVirtualTaskHarness({ rph: 100, liveReserve: 20 });
  }, 60_000);
  afterEach(() => h?.close());

  it('waits out transient faults and finishes', async () => {
    const transient = [
      new DomainError('SOURCE_UNAVAILABLE', 'Wordstat is unreachable: request timed out'),
      new DomainError('SOURCE_RATE_LIMITED', 'upstream 429', { retryAfterSeconds: 3 }),
      new DomainError('SOURCE_QUOTA_EXHAUSTED', 'upstream quota', { retryAfterSeconds: 60 }),
    ];
    h.source.failWhen(({ n }) => (n <= 3 ? transient[n - 1]! : undefined));
    const id = await h.post('k', 'search_volume', { keywords: ['a', 'b'], location_code: 2643, language_code: 'ru' });
    expect(await h.runner.run(id, never)).toBe('finished');
    const task = await h.store.get(id);
    expect(task?.status).toBe('done');
    expect(h.source.count()).toBe(5); // 3 faults, then one call per keyword
  });

  it('a cancelled task makes no further calls', async () => {
    const id = await h.post('k', 'search_volume', { keywords: Array.from({ length: 200 }, (_, i) => `w${i}`), location_code: 2643, language_code: 'ru' });
    h.source.failWhen(({ n }) => {
      if (n === 5) void h.store.cancel('k', id, new Date(h.clock.now()));
      return undefined;
    });
    expect(await h.runner.run(id, never)).toBe('finished');
    expect((await h.store.get(id))?.status).toBe('cancelled');
    // The status is read at most once a (virtual) second: calls may start until then (10/s here) and those
    // under way (8 at once) end; after that none starts, of the 200.
    const calls = h.source.count();
    expect(calls).toBeLessThanOrEqual(5 + 11 + 8);
    // The run is on virtual time: a call still to come would be a few turns of the loop away, not real time.
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(h.source.count()).toBe(calls);
    // It spent upstream calls before the cancel: billed the call price once (issue 20, item 5; decisions.md).
    expect((await h.store.get(id))?.cost).toBe(1);
    const rows = h.ledger.rows().filter((row) => row.operation === 'v1.search_volume.task');
    expect(rows.map((row) => [row.price, row.status])).toEqual([[1, 499]]);
    // The cancelling side settling too (another process) bills nothing more.
    await billCancelledTask({ store: h.store, ledger: h.ledger, prices: { call: 1, repeat: 0.1 }, clock: h.clock }, (await h.store.get(id))!, true);
    expect(h.ledger.rows().filter((row) => row.operation === 'v1.search_volume.task')).toHaveLength(1);
  });

  it('a task cancelled before any call costs nothing and writes no ledger row', async () => {
    const id = await h.post('k', 'search_volume', { keywords: ['a', 'b'], location_code: 2643, language_code: 'ru' });
    const cancelled = (await h.store.cancel('k', id, new Date(h.clock.now())))!;
    await billCancelledTask({ store: h.store, ledger: h.ledger, prices: { call: 1, repeat: 0.1 }, clock: h.clock }, cancelled, cancelled.spent);
    expect(await h.runner.run(id, never)).toBe('finished');
    expect(h.source.count()).toBe(0);
    expect((await h.store.get(id))?.cost).toBe(0);
    expect(h.ledger.rows()).toHaveLength(0);
  });

  it('removes finished tasks after the retention', async () => {
    const id = await h.post('k', 'locations', { keyword: 'пицца' });
    await h.runner.run(id, never);
    expect(await h.store.purge(new Date(h.clock.now() - 1000))).toBe(0);
    expect(await h.store.purge(new Date(h.clock.now() + 1000))).toBe(1);
    expect(await h.store.get(id)).toBeUndefined();
  });
});
