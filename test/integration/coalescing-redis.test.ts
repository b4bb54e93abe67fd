import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createRedisCache } from '../../src/adapters/cache/redis-cache.js';
import { createRedisLock } from '../../src/adapters/cache/redis-lock.js';
import { DomainError } from '../../src/domain/errors.js';
import type { TopQuery } from '../../src/domain/types.js';
import { type Clock, systemClock } from '../../src/ports/clock.js';
import { createSourceGateway } from '../../src/services/source-gateway.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestClock } from '../support/kit.js';
import { deleteNamespace, keysUnder, redisUrl, ttlOf, uniqueNamespace, warnIfNoRedis } from '../fakes/redis-test-env.js';

warnIfNoRedis('cross-process coalescing over Redis');

const top = (phrase: string): { method: 'top'; query: TopQuery } => ({
  method: 'top',
  query: { phrase, numPhrases: 10, regions: [213], devices: [] },
});

describe.skipIf(!redisUrl)('coalescing across two gateways sharing Redis', () => {
  const url = redisUrl!;
  const namespaces: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(async () => {
    await Promise.all(namespaces.map((ns) => deleteNamespace(url, ns)));
  });

  /**
   * Two "processes": each has its own Redis connections (cache and lock), as separate processes would; only
   * the upstream source is shared, so its counter sees every upstream call either of them makes.
   */
  async function twoProcesses(options: { clock?: Clock; freshTtlMs?: number; staleTtlMs?: number } = {}) {
    const namespace = uniqueNamespace('coalesce');
    namespaces.push(namespace);
    const clock = options.clock ?? systemClock;
    const source: FakeSource = createFakeSource({ answers: callNumberAnswers, latencyMs: 50 });
    const make = async () => {
      const cache = createRedisCache({ url, namespace, clock });
      const lock = createRedisLock({ url, namespace });
      expect(await cache.whenReady(5_000)).toBe(true);
      expect(await lock.whenReady(5_000)).toBe(true);
      closers.push(() => cache.close(), () => lock.close());
      return createSourceGateway({
        source,
        cache,
        lock,
        clock,
        freshTtlMs: options.freshTtlMs ?? 60_000,
        staleTtlMs: options.staleTtlMs ?? 600_000,
        lockTtlMs: 5_000,
      });
    };
    return { namespace, source, gateways: [await make(), await make()] as const };
  }

  it('makes one upstream call for 50 concurrent calls split across both, then both hit', async () => {
    const { namespace, source, gateways } = await twoProcesses();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => gateways[i % 2]!.call(top('купить слона'))));
    expect(source.count()).toBe(1);
    // Exactly one caller, in one of the two processes, made the call (MISS); the 49 others waited for it (HIT).
    expect(answers.filter((answer) => answer.status === 'MISS')).toHaveLength(1);
    for (const answer of answers) expect(answer.value).toEqual(answers[0]!.value);

    // A hit says how long it stays fresh (the kept REST answers read it): a time, not part of the answer's value.
    for (const gateway of gateways) {
      expect(await gateway.call(top('купить слона'))).toEqual({ value: answers[0]!.value, status: 'HIT', freshUntil: expect.any(Number) });
    }
    expect(source.count()).toBe(1);
    // The lock is gone; only the cached entry remains.
    expect((await keysUnder(url, namespace)).filter((key) => key.includes(':lock:'))).toEqual([]);
  });

  it('serves stale from the shared entry when the source fails after the fresh TTL', async () => {
    const clock = createTestClock(Date.now());
    const { source, gateways } = await twoProcesses({ clock, freshTtlMs: 60_000 });
    const first = await gateways[0].call(top('слон'));
    clock.advance(60_001);
    source.failWhen(() => new DomainError('SOURCE_QUOTA_EXHAUSTED', 'quota'));
    // The other process never saw this request, yet finds the stale entry in Redis.
    expect(await gateways[1].call(top('слон'))).toEqual({ value: first.value, status: 'STALE' });
  });

  it('does not mask a non-source error with a stale entry', async () => {
    const clock = createTestClock(Date.now());
    const { source, gateways } = await twoProcesses({ clock, freshTtlMs: 60_000 });
    await gateways[0].call(top('слон'));
    clock.advance(60_001);
    source.failWhen(() => new DomainError('INTERNAL', 'bug'));
    await expect(gateways[1].call(top('слон'))).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('lets Redis forget the entry after fresh + stale TTL', async () => {
    // Stale from 200 ms on the gateways' (virtual) clock; kept fresh + stale = 1 s in Redis, by Redis's own clock:
    // the key's TTL is read instead of waited out (that Redis drops a key at its TTL is cache-contract.ts's test).
    const clock = createTestClock(Date.now());
    const { namespace, source, gateways } = await twoProcesses({ clock, freshTtlMs: 200, staleTtlMs: 800 });
    await gateways[0].call(top('слон'));
    clock.advance(300);
    source.failWhen(() => new DomainError('SOURCE_UNAVAILABLE', 'down'));
    expect((await gateways[1].call(top('слон'))).status).toBe('STALE');
    const keys = await keysUnder(url, namespace);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const ttl = await ttlOf(url, key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(1_000);
    }
  });
});
