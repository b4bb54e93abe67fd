import { describe, expect, it } from 'vitest';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import type { RedisEvalClient } from '../../src/adapters/quota/redis-quota-store.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createDependencyChecks } from '../../src/observability/readiness.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestClock } from '../support/kit.js';
import { createTestCache } from '../support/memory-cache.js';

/*
 * Issue 20, item 12: with Redis down (or frozen by SIGSTOP) every data request answered 503 "Quota store
 * unavailable", and /readyz still said all was well. Now the scheduler falls back to a local, conservative budget
 * (a quarter of the hour in this process) and says so in its health; Redis is tried again every 10 s.
 */
function scheduler(redis: RedisEvalClient, clock = { now: () => Date.now() }) {
  return createQuotaScheduler({ rph: 100, rps: 100, maxWaitMs: 2_000, redis, clock, sleep: async () => undefined });
}

describe('a quota store that is down', () => {
  it('calls still go, within a local budget of a quarter of the hour, and health says degraded', async () => {
    const down: RedisEvalClient = { eval: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) };
    const quota = scheduler(down);
    for (let i = 0; i < 25; i++) await quota.acquire('top');
    await expect(quota.acquire('top')).rejects.toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED' });
    const health = await quota.checkHealth();
    expect(health.status).toBe('degraded');
    expect(health.detail).toMatch(/Redis unreachable.*local budget/);
    expect((await quota.status()).hourly).toMatchObject({ remaining: 75 });
    // /readyz tells the truth: the quota check is degraded, with the reason.
    const checks = createDependencyChecks({ source: createFakeSource(), sourceKind: 'wordstat', cache: createTestCache(createTestClock()), ledger: createMemoryLedger(), quota });
    const quotaCheck = await checks.find((check) => check.name === 'quota')!.check();
    expect(quotaCheck).toMatchObject({ ok: true, degraded: true });
    expect(quotaCheck.detail).toMatch(/Redis unreachable/);
  });

  it('a frozen Redis (no answer at all) costs a request at most the 2 s decision timeout, then the local budget serves', async () => {
    const frozen: RedisEvalClient = { eval: () => new Promise(() => undefined) };
    const quota = scheduler(frozen);
    const started = performance.now();
    await quota.acquire('top');
    const first = performance.now() - started;
    const again = performance.now();
    await quota.acquire('top');
    expect(first).toBeLessThan(10_000);
    expect(performance.now() - again).toBeLessThan(1_000); // no second wait: Redis is left alone for 10 s
    expect((await quota.checkHealth()).status).toBe('degraded');
  });

  it('the shared budget is used again once Redis answers', async () => {
    let now = 0;
    let up = false;
    const calls: string[] = [];
    const flaky: RedisEvalClient = {
      eval: async (script) => {
        if (!up) throw new Error('down');
        calls.push(script.slice(0, 10));
        return [1, 0, 0];
      },
    };
    const quota = scheduler(flaky, { now: () => now });
    await quota.acquire('top');
    expect(calls).toHaveLength(0);
    up = true;
    now += 10_001;
    await quota.acquire('top').catch(() => undefined);
    expect(calls.length).toBeGreaterThan(0);
    expect((await quota.checkHealth()).status).toBe('ok');
  });
});
