import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../src/adapters/cache/memory-cache.js';
import { DomainError } from '../../src/domain/errors.js';
import type { TopQuery } from '../../src/domain/types.js';
import type { CallLock } from '../../src/ports/call-lock.js';
import { type SourceGatewayOptions, createSourceGateway } from '../../src/services/source-gateway.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestClock } from '../support/kit.js';
import { type SharedLockTable, createMemoryLock } from '../fakes/memory-lock.js';

const FRESH = 60_000;
const STALE = 600_000;
const top = (phrase: string): { method: 'top'; query: TopQuery } => ({
  method: 'top',
  query: { phrase, numPhrases: 10, regions: [213], devices: [] },
});

function setup(overrides: Partial<SourceGatewayOptions> = {}) {
  const clock = createTestClock();
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 50 });
  const cache = createMemoryCache({ maxEntries: 100, maxBytes: 1_000_000, clock });
  const gateway = createSourceGateway({ source, cache, clock, freshTtlMs: FRESH, staleTtlMs: STALE, ...overrides });
  return { clock, source, cache, gateway };
}

describe('source gateway in one process', () => {
  it('makes one upstream call for 50 concurrent identical calls, then answers from cache', async () => {
    const { source, gateway } = setup();
    const answers = await Promise.all(Array.from({ length: 50 }, () => gateway.call(top('купить слона'))));
    expect(source.count()).toBe(1);
    // The first caller's call went upstream (MISS); the 49 that waited for it are repeats (HIT), as billed.
    expect(answers[0]).toEqual({ value: answers[0]!.value, status: 'MISS', freshUntil: expect.any(Number) });
    for (const answer of answers.slice(1)) expect(answer).toEqual({ value: answers[0]!.value, status: 'HIT', freshUntil: expect.any(Number) });
    expect(answers[0]!.value.totalCount).toBe(1000);

    const again = await gateway.call(top('купить слона'));
    expect(again).toEqual({ value: answers[0]!.value, status: 'HIT', freshUntil: expect.any(Number) });
    expect(source.count()).toBe(1);
  });

  it('treats spelling variants of one request as one call and different requests as different calls', async () => {
    const { source, gateway } = setup();
    await Promise.all([gateway.call(top('Купить  слона')), gateway.call(top(' купить слона ')), gateway.call(top('слон'))]);
    expect(source.count()).toBe(2);
  });

  it('calls the source again once the fresh TTL has passed', async () => {
    const { clock, source, gateway } = setup();
    await gateway.call(top('слон'));
    clock.advance(FRESH - 1);
    expect((await gateway.call(top('слон'))).status).toBe('HIT');
    clock.advance(1);
    const renewed = await gateway.call(top('слон'));
    expect(renewed.status).toBe('MISS');
    expect(renewed.value.totalCount).toBe(2000);
    expect(source.count()).toBe(2);
  });

  it('serves the stale entry when the source fails after the fresh TTL', async () => {
    const { clock, source, gateway } = setup();
    const first = await gateway.call(top('слон'));
    clock.advance(FRESH + 1);
    source.failWhen(() => new DomainError('SOURCE_UNAVAILABLE', 'upstream down'));
    expect(await gateway.call(top('слон'))).toEqual({ value: first.value, status: 'STALE' });
  });

  it('does not mask a non-source error with a stale entry', async () => {
    const { clock, source, gateway } = setup();
    await gateway.call(top('слон'));
    clock.advance(FRESH + 1);
    source.failWhen(() => new DomainError('INTERNAL', 'bug'));
    await expect(gateway.call(top('слон'))).rejects.toMatchObject({ code: 'INTERNAL' });
    source.failWhen(() => new TypeError('not a domain error'));
    await expect(gateway.call(top('слон'))).rejects.toBeInstanceOf(TypeError);
  });

  it('forgets the entry after fresh + stale TTL: a failure then surfaces', async () => {
    const { clock, source, gateway } = setup();
    await gateway.call(top('слон'));
    clock.advance(FRESH + STALE);
    source.failWhen(() => new DomainError('SOURCE_RATE_LIMITED', 'slow down'));
    await expect(gateway.call(top('слон'))).rejects.toMatchObject({ code: 'SOURCE_RATE_LIMITED' });
  });

  it('does not remember a failure: the next call tries the source again', async () => {
    const { source, gateway } = setup();
    source.failWhen(({ n }) => (n === 1 ? new DomainError('SOURCE_FAILED', 'once') : undefined));
    await expect(gateway.call(top('слон'))).rejects.toMatchObject({ code: 'SOURCE_FAILED' });
    expect((await gateway.call(top('слон'))).status).toBe('MISS');
    expect(source.count()).toBe(2);
  });
});

/** Two gateways ("processes") sharing one cache and one lock table, as they would share Redis. */
function twoProcesses(table: SharedLockTable = { holders: new Map() }, lockWaitMs = 5_000) {
  const clock = createTestClock();
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 50 });
  const cache = createMemoryCache({ maxEntries: 100, maxBytes: 1_000_000, clock });
  const make = (lock: CallLock) =>
    createSourceGateway({ source, cache, clock, freshTtlMs: FRESH, staleTtlMs: STALE, lock, lockWaitMs });
  const locks = [createMemoryLock(table), createMemoryLock(table)] as const;
  return { source, table, locks, gateways: [make(locks[0]), make(locks[1])] as const };
}

describe('source gateway across processes (shared lock)', () => {
  it('makes one upstream call for 50 concurrent calls split across two gateways, and frees the lock', async () => {
    const { source, table, gateways } = twoProcesses();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => gateways[i % 2]!.call(top('слон'))));
    expect(source.count()).toBe(1);
    for (const answer of answers) expect(answer.value).toEqual(answers[0]!.value);
    expect(table.holders.size).toBe(0);
  });

  it('calls the source directly when the lock is unavailable', async () => {
    const { source, gateways } = twoProcesses({ holders: new Map(), forced: 'unavailable' });
    await Promise.all([gateways[0].call(top('слон')), gateways[1].call(top('слон'))]);
    // No shared coordination: each process calls once (each still coalesces its own callers).
    expect(source.count()).toBe(2);
  });

  it('falls back to its own call after waiting the bound for a holder that never delivers', async () => {
    const table: SharedLockTable = { holders: new Map() };
    const { source, gateways } = twoProcesses(table, 200);
    table.holders.set('v2:top|слон|n=10|r=213|d=', { owner: Symbol('stuck'), until: Date.now() + 60_000 });
    const started = performance.now();
    const answer = await gateways[0].call(top('слон'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBe('MISS');
    expect(source.count()).toBe(1);
  });

  it('takes over at once when the holder fails and releases', async () => {
    const { source, gateways, locks } = twoProcesses();
    source.failWhen(({ n }) => (n === 1 ? new DomainError('SOURCE_UNAVAILABLE', 'first call fails') : undefined));
    const started = performance.now();
    const [a, b] = await Promise.allSettled([gateways[0].call(top('слон')), gateways[1].call(top('слон'))]);
    expect(a).toMatchObject({ status: 'rejected', reason: { code: 'SOURCE_UNAVAILABLE' } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { status: 'MISS', value: { totalCount: 2000 } } });
    expect(source.count()).toBe(2);
    expect(locks[1].acquisitions).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
