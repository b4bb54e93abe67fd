import { describe, expect, it } from 'vitest';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';

/*
 * Issue 20, item 8: a live request whose plan passed got no reservation. An 80-keyword search_volume passed the
 * plan, made 76 calls while tasks took slots, then answered 403 after 9.8 s (billed). Now a passing plan holds its
 * calls: later plans and the tasks' share see them as taken until the request makes them (or the hold lapses).
 * On virtual time (memory store, the clock moves only when the test moves it).
 */
function harness() {
  let now = 0;
  const scheduler = createQuotaScheduler({
    rph: 100,
    rps: 100,
    liveReserve: 20,
    maxWaitMs: 2_000,
    clock: { now: () => now },
    sleep: async (ms) => void (now += ms),
  });
  return { scheduler, advance: (ms: number) => void (now += ms) };
}

describe('a live plan that passed holds its calls', () => {
  it('tasks wait while the held calls are outstanding, and may go once the request made them and room is left', async () => {
    const { scheduler } = harness();
    // 10 task calls this hour: the tasks' share (80) has 70 left.
    for (let i = 0; i < 10; i++) {
      const ticket = await scheduler.takeTaskSlot();
      await scheduler.spendTicket(ticket, () => scheduler.acquire('dynamics'));
    }
    expect(await scheduler.taskCallsWithinMs(1)).toBe(0);
    expect(await scheduler.planLive(80)).toEqual({ ok: true });
    // 10 made + 80 held = 90 > the tasks' 80: a task call must wait (before: it went at once, taking the live calls).
    expect(await scheduler.taskCallsWithinMs(1)).toBeGreaterThan(0);
    // Another live request cannot be promised the same calls: 10 + 80 + 20 > 100.
    expect((await scheduler.planLive(20)).ok).toBe(false);
    expect(await scheduler.planLive(10)).toEqual({ ok: true });
    // The 80-call request makes its calls: every one is granted.
    for (let i = 0; i < 80; i++) await scheduler.acquire('dynamics');
    expect((await scheduler.status()).hourly.remaining).toBe(10);
  });

  it('a hold the request did not use lapses (cache hits, coalesced calls)', async () => {
    const { scheduler, advance } = harness();
    expect(await scheduler.planLive(90)).toEqual({ ok: true });
    expect((await scheduler.planLive(20)).ok).toBe(false);
    advance(2_000 + 1_000 + 30_000 + 1);
    expect(await scheduler.planLive(20)).toEqual({ ok: true });
  });
});
