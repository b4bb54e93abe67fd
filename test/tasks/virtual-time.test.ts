import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/domain/dates/calendar.js';
import { searchVolumeCalls } from '../../src/services/search-volume.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { createVirtualTaskHarness } from './support.js';

const HOUR = 3_600_000;
const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} слово ${i}`);

/*
 * RPH=100 with a live reserve of 20, three keys with tasks of 1,000, 50 and 10 keywords, all running at once on
 * virtual time. The budget arithmetic is exact here: the clock only moves while the pump waits for a slot.
 */
describe('tasks on virtual time: fair share, live reserve, one call per distinct uncached keyword', () => {
  let h: Awaited<ReturnType<typeof createVirtualTaskHarness>>;
  const maxTaskCallsInAnHour: number[] = [];
  let startedAt = 0;
  let ids: { big: string; mid: string; small: string };
  let cachedBefore = 0;

  beforeAll(async () => {
    h = await createVirtualTaskHarness({ rph: 100, liveReserve: 20 });
    // Five keywords of the big list are fresh in the cache already (a live request asked them before).
    const big = words('big', 1000);
    const ctx = { catalog: createFixtureCatalog(), today: todayIn('Europe/Moscow', h.clock.now()), source: undefined as never };
    for (const call of searchVolumeCalls(ctx, big.slice(0, 5), { locationCode: 2643 })) await h.gateway.call(call as never);
    cachedBefore = h.source.count();
    // Every upstream call checks that tasks stay out of the live reserve.
    const behave = async () => {
      const lanes = await h.quota.lanes();
      maxTaskCallsInAnHour.push(lanes.usedByTasks);
    };
    h.source.failWhen(() => {
      void behave();
      return undefined;
    });
    // The mid list shares 10 keywords with the big one (other key): each is fetched once.
    const mid = [...words('mid', 40), ...big.slice(100, 110)];
    startedAt = h.clock.now();
    ids = {
      big: await h.post('key-big', 'search_volume', { keywords: big, location_code: 2643, language_code: 'ru' }),
      mid: await h.post('key-mid', 'search_volume', { keywords: mid, location_code: 2643, language_code: 'ru' }),
      small: await h.post('key-small', 'search_volume', { keywords: words('small', 10), location_code: 2643, language_code: 'ru' }),
    };
    const never = new AbortController().signal;
    await Promise.all([h.runner.run(ids.big, never), h.runner.run(ids.mid, never), h.runner.run(ids.small, never)]);
  }, 240_000);

  afterAll(() => h?.close());

  it('finishes every task, with the same result items as the live route', async () => {
    for (const id of Object.values(ids)) {
      const task = await h.store.get(id);
      expect(task?.status).toBe('done');
      expect(task?.callsDone).toBe(task?.callsTotal);
    }
    const small = await h.store.get(ids.small);
    expect((small?.result as { keyword: string }[]).map((r) => r.keyword)).toEqual(words('small', 10));
  });

  it('the 10-keyword task finishes within the first hour, although 1,050 keywords of other keys wait', () => {
    expect(h.finishedAt.get(ids.small)! - startedAt).toBeLessThan(HOUR);
    // The 50-keyword one shares the first hour's 80 task calls with two other keys: it ends early in the second.
    expect(h.finishedAt.get(ids.mid)! - startedAt).toBeLessThan(2 * HOUR);
    // The big one needs about 990 / 80 hours: the budget, not the service, is what it waits for.
    expect(h.finishedAt.get(ids.big)! - startedAt).toBeGreaterThan(11 * HOUR);
  });

  it('tasks never touch the live reserve', async () => {
    expect(Math.max(...maxTaskCallsInAnHour)).toBeLessThanOrEqual(80);
    // And a live request of 20 uncached calls right after the tasks fits at once.
    expect((await h.quota.planLive(20)).ok).toBe(true);
  });

  it('upstream calls equal the distinct uncached keywords', () => {
    const distinctUncached = 1000 - 5 + 40 + 10;
    expect(h.source.count() - cachedBefore).toBe(distinctUncached);
  });

  it('bills each task as one call: the call price, in one ledger row', async () => {
    const rows = h.ledger.rows().filter((row) => row.operation === 'v1.search_volume.task');
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.price === 1)).toBe(true);
  });
});
