import { describe, expect, it } from 'vitest';
import { createQuotaScheduler, type QuotaSchedulerOptions } from '../../src/adapters/quota/quota-scheduler.js';
import { decideSlot } from '../../src/adapters/quota/sliding-window.js';
import { DomainError } from '../../src/domain/errors.js';

/*
 * The rule on virtual time (memory store): the clock only moves when the test moves it, and waits are recorded
 * instead of slept, so every number below is exact. Windows are 1 s / 1 h plus the default 100 ms margin.
 */
function harness(options: QuotaSchedulerOptions) {
  let now = 0;
  const waits: number[] = [];
  const scheduler = createQuotaScheduler({
    ...options,
    clock: { now: () => now },
    sleep: async (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) throw signal.reason;
    },
  });
  return { scheduler, waits, advance: (ms: number) => void (now += ms), at: (ms: number) => void (now = ms) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    },
  );

describe('per-second limit', () => {
  it('lets rps calls go at once, makes the next ones wait their slot, and refuses beyond maxWaitMs', async () => {
    const { scheduler, waits } = harness({ rps: 2, rph: 1000, maxWaitMs: 2_000 });
    for (let i = 0; i < 4; i++) await scheduler.acquire('top');
    // Two at 0, two at 1100 (one second plus the margin after the first two).
    expect(waits).toEqual([1_100, 1_100]);
    const error = await refusal(scheduler.acquire('top'));
    // The fifth slot is at 2200 ms: 2.2 s away, beyond the 2 s patience; retrying after 3 s will not wait.
    expect(error).toMatchObject({ code: 'SOURCE_RATE_LIMITED', status: 429, retryAfterSeconds: 3 });
  });

  it('a refused call spends nothing', async () => {
    const { scheduler } = harness({ rps: 1, rph: 10, maxWaitMs: 0 });
    await scheduler.acquire('top');
    await refusal(scheduler.acquire('top'));
    await refusal(scheduler.acquire('top'));
    expect((await scheduler.status()).hourly.remaining).toBe(9);
  });

  it('the retryAfter it gives is honest: at that time the call goes without waiting', async () => {
    const { scheduler, waits, at } = harness({ rps: 3, rph: 1000, maxWaitMs: 500 });
    for (let i = 0; i < 3; i++) await scheduler.acquire('top');
    const error = await refusal(scheduler.acquire('top'));
    at(error.retryAfterSeconds! * 1000);
    await scheduler.acquire('top');
    expect(waits).toEqual([]);
  });
});

describe('hourly budget', () => {
  it('a spent hour → SOURCE_QUOTA_EXHAUSTED (403) with the seconds until the oldest call leaves the window', async () => {
    const { scheduler, advance } = harness({ rps: 100, rph: 3, maxWaitMs: 2_000 });
    await scheduler.acquire('top');
    advance(600_000);
    await scheduler.acquire('dynamics');
    await scheduler.acquire('regions');
    advance(60_000);
    const error = await refusal(scheduler.acquire('top'));
    // The first call (t = 0) leaves at 3600.1 s; now is 660 s.
    expect(error).toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED', status: 403, retryAfterSeconds: 2941 });
  });

  it('a slot freeing within maxWaitMs is waited for', async () => {
    const { scheduler, waits, at } = harness({ rps: 100, rph: 2, maxWaitMs: 2_000 });
    await scheduler.acquire('top');
    await scheduler.acquire('top');
    at(3_600_100 - 1_500);
    await scheduler.acquire('top');
    expect(waits).toEqual([1_500]);
  });

  it('status() and canAfford() follow the sliding hour', async () => {
    const { scheduler, advance } = harness({ rps: 10, rph: 5, maxWaitMs: 2_000 });
    expect(await scheduler.status()).toEqual({
      hourly: { limit: 5, remaining: 5, resetsInSeconds: 0 },
      perSecond: { limit: 10 },
    });
    expect(await scheduler.canAfford(5)).toBe(true);
    expect(await scheduler.canAfford(6)).toBe(false);
    for (let i = 0; i < 3; i++) await scheduler.acquire('top');
    advance(1_800_000);
    await scheduler.acquire('top');
    expect(await scheduler.status()).toEqual({
      hourly: { limit: 5, remaining: 1, resetsInSeconds: 1801 },
      perSecond: { limit: 10 },
    });
    expect(await scheduler.canAfford(1)).toBe(true);
    expect(await scheduler.canAfford(2)).toBe(false);
    expect(await scheduler.canAfford(0)).toBe(true);
    advance(1_800_100); // the first three leave the window
    expect((await scheduler.status()).hourly).toEqual({ limit: 5, remaining: 4, resetsInSeconds: 1800 });
  });
});

describe('cancellation', () => {
  it('a caller that gives up while waiting gets its slot back', async () => {
    const { scheduler } = harness({ rps: 1, rph: 10, maxWaitMs: 5_000 });
    await scheduler.acquire('top');
    const controller = new AbortController();
    controller.abort();
    const error = await refusal(scheduler.acquire('top', controller.signal));
    expect(error.code).toBe('SOURCE_UNAVAILABLE');
    expect((await scheduler.status()).hourly.remaining).toBe(9);
  });
});

describe('decideSlot', () => {
  const limits = { rps: 2, rph: 4, secondWindowMs: 1_000, hourWindowMs: 3_600_000, maxWaitMs: 500 };

  it('never grants a slot that puts more than rps calls in any second or rph in any hour', () => {
    const log: number[] = [];
    let now = 0;
    // Ask every 50 ms for two simulated hours; keep every grant.
    while (now < 7_200_000) {
      const pruned = log.filter((t) => t > now - limits.hourWindowMs);
      const decision = decideSlot(pruned, now, limits);
      if (decision.ok) log.push(decision.at);
      now += decision.ok ? 50 : Math.max(50, decision.retryAfterMs);
    }
    for (let i = 0; i < log.length; i++) {
      const t = log[i] as number;
      expect(log.filter((u) => u >= t && u < t + limits.secondWindowMs).length).toBeLessThanOrEqual(2);
      expect(log.filter((u) => u >= t && u < t + limits.hourWindowMs).length).toBeLessThanOrEqual(4);
    }
    expect(log.length).toBe(8); // the hour budget, twice
  });
});
