import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQuotaScheduler, type QuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import { DomainError } from '../../src/domain/errors.js';
import type { FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { sourceFor, startFixtureFake } from './support/wordstat-harness.js';

const url = process.env.REDIS_URL;
if (!url) console.warn('quota-redis.test.ts skipped: set REDIS_URL (e.g. redis://127.0.0.1:6379) to run it');

/*
 * Two schedulers — standing for two processes — share one budget through one Redis key prefix: one is given
 * the URL (and owns its connection), the other a node-redis client the test made. The prefix is unique to this
 * run, and its keys are deleted afterwards.
 */
describe.skipIf(!url)('the quota shared through Redis', () => {
  const prefix = `test:wordstat:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const client = createClient({ url });
  const schedulers: QuotaScheduler[] = [];
  let fake: FakeWordstat;

  const pair = (options: { rps: number; rph: number; maxWaitMs: number }, run: string) => {
    const a = createQuotaScheduler({ ...options, redis: url, keyPrefix: `${prefix}${run}:` });
    const b = createQuotaScheduler({ ...options, redis: client, keyPrefix: `${prefix}${run}:` });
    schedulers.push(a, b);
    return [a, b] as const;
  };

  beforeAll(async () => {
    await client.connect();
    fake = await startFixtureFake();
  });
  afterAll(async () => {
    for (const scheduler of schedulers) await scheduler.close();
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) if (keys.length > 0) await client.del(keys);
    await client.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('two processes together never spend more than the hour budget, and both see it spent', async () => {
    const [a, b] = pair({ rps: 50, rph: 6, maxWaitMs: 500 }, 'hour');
    const sourceA = sourceFor(fake, { gate: a.acquire });
    const sourceB = sourceFor(fake, { gate: b.acquire });
    const calls = Array.from({ length: 20 }, (_, i) =>
      (i % 2 === 0 ? sourceA : sourceB).top({ phrase: `слово ${i}`, numPhrases: 1, regions: [], devices: [] }),
    );
    const results = await Promise.allSettled(calls);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as DomainError] : []));
    expect(fake.calls.top).toBe(6);
    expect(results.length - refused.length).toBe(6);
    for (const error of refused) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED', status: 403 });
      expect(error.retryAfterSeconds).toBeGreaterThan(3_590);
    }
    expect((await a.status()).hourly.remaining).toBe(0);
    expect((await b.status()).hourly).toMatchObject({ limit: 6, remaining: 0 });
    expect(await b.canAfford(1)).toBe(false);
    await sourceA.close();
    await sourceB.close();
  });

  it('the per-second limit is shared too', async () => {
    const [a, b] = pair({ rps: 3, rph: 100, maxWaitMs: 0 }, 'second');
    const attempts = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).acquire('top'));
    const results = await Promise.allSettled(attempts);
    const granted = results.filter((r) => r.status === 'fulfilled').length;
    expect(granted).toBe(3);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'SOURCE_RATE_LIMITED', retryAfterSeconds: 2 });
    }
    expect((await a.status()).hourly.remaining).toBe(97);
  });

  it('an unreachable Redis: calls go within a local, conservative budget, and health says so (issue 20, item 12)', async () => {
    const down = createQuotaScheduler({ redis: 'redis://127.0.0.1:1', keyPrefix: `${prefix}down:`, rph: 8 });
    schedulers.push(down);
    await down.acquire('top');
    await down.acquire('top');
    // A quarter of the hour: 2 of 8.
    await expect(down.acquire('top')).rejects.toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED' });
    expect(await down.checkHealth()).toMatchObject({ status: 'degraded' });
  });
});
