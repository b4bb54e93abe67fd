import { describe, expect, it } from 'vitest';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import { createScheduledSource } from '../support/scheduled-source.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestClock } from '../support/kit.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { createTestCache } from '../support/memory-cache.js';

const words = (n: number, prefix = 'слово') => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

/*
 * The plan before any live call: a request whose uncached calls the budget cannot give within
 * WORDSTAT_MAX_WAIT_MS is refused at once, spending nothing, with the Retry-After after which the whole request
 * would go through, and a pointer to the task route. Virtual time: the test moves the clock.
 */
function setup(rph: number, rps = 10, sleepMovesClock = true) {
  const clock = createTestClock();
  const sleep = async (ms: number) => (sleepMovesClock ? clock.advance(ms) : undefined);
  const quota = createQuotaScheduler({ rph, rps, maxWaitMs: 2_000, clock, sleep });
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 0 });
  const app = createTestApp({ source: createScheduledSource(source, quota), quota, clock, cache: createTestCache(clock) });
  return { clock, quota, source, app };
}

describe('live refusals carry an honest Retry-After and name the task route', () => {
  it('403 when the hour is the limit: retrying after Retry-After seconds succeeds, two seconds earlier does not', async () => {
    const { clock, source, app } = setup(100);
    const first = await post(app, '/v1/keywords/search_volume', { keywords: words(70, 'a') });
    expect(first.status, first.text).toBe(200);
    clock.advance(10 * 60_000);
    const before = source.count();
    const refused = await post(app, '/v1/keywords/search_volume', { keywords: words(50, 'b') });
    expect(refused.status).toBe(403);
    expect(source.count()).toBe(before); // nothing spent
    expect(refused.json.tasks[0].status_message).toContain('/v1/keywords/search_volume/task_post');
    const retryAfter = Number(refused.headers.get('retry-after'));
    // 20 of the 70 calls must leave the hour (they were made 10 minutes ago): about 50 minutes, not "1".
    expect(retryAfter).toBeGreaterThan(49 * 60 - 5);
    expect(retryAfter).toBeLessThan(50 * 60 + 5);
    clock.advance((retryAfter - 2) * 1000);
    expect((await post(app, '/v1/keywords/search_volume', { keywords: words(50, 'b') })).status).toBe(403);
    clock.advance(2_000);
    expect((await post(app, '/v1/keywords/search_volume', { keywords: words(50, 'b') })).status).toBe(200);
  });

  it('a request larger than an hour of budget is refused without a Retry-After that could never come true', async () => {
    const { app } = setup(40);
    const refused = await post(app, '/v1/keywords/search_volume', { keywords: words(60) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(refused.json.tasks[0].status_message).toContain('task_post');
  });

  it('429 when the per-second limit is what stands in the way, with the seconds until it frees', async () => {
    const { quota, app } = setup(1000, 2, false);
    // Other callers hold the slots of the next 1.1 s (two at once, two more 1.1 s later): the next free one is 2.2 s away.
    for (let i = 0; i < 4; i++) await quota.acquire('dynamics');
    const refused = await post(app, '/v1/keywords/locations', { keyword: 'пицца' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.json.tasks[0].status_message).toContain('/v1/keywords/locations/task_post');
  });

  it('cached keywords need no budget: a request fully in cache passes even with the hour spent', async () => {
    const { app } = setup(30);
    expect((await post(app, '/v1/keywords/search_volume', { keywords: words(30) })).status).toBe(200);
    expect((await post(app, '/v1/keywords/search_volume', { keywords: words(30) })).status).toBe(200);
  });

  it('GraphQL plans the whole operation: aliases past the hour are refused before any call, with an honest Retry-After', async () => {
    // 50/s: the 40 fields run at once, and the per-second budget is not what this test is about.
    const { clock, source, app } = setup(100, 50);
    expect((await post(app, '/v1/keywords/search_volume', { keywords: words(70, 'a') })).status).toBe(200);
    clock.advance(10 * 60_000);
    const before = source.count();
    // 40 distinct uncached tops through aliases; 30 calls remain this hour.
    const query = `{ ${words(40, 'g').map((phrase, i) => `t${i}: top(phrase: "${phrase}") { totalCount }`).join(' ')} }`;
    const refused = await graphql(app, query);
    expect(refused.status).toBe(403);
    expect(source.count()).toBe(before); // nothing spent
    expect(refused.json.errors[0].extensions.code).toBe('SOURCE_QUOTA_EXHAUSTED');
    expect(refused.json.errors[0].message).toContain('createSearchVolumeTask');
    const retryAfter = Number(refused.headers.get('retry-after'));
    // 10 of the 70 calls must leave the hour: those were made 10 minutes ago, so about 50 minutes.
    expect(retryAfter).toBeGreaterThan(49 * 60 - 5);
    expect(retryAfter).toBeLessThan(50 * 60 + 5);
    clock.advance(retryAfter * 1000);
    const served = await graphql(app, query);
    expect(served.status, served.text).toBe(200);
    expect(source.count()).toBe(before + 40);
  });

  it('suggestions plan their seed call too: refused before any call when the hour is spent, pointing to its task route', async () => {
    const { clock, source, app } = setup(30);
    expect((await post(app, '/v1/keywords/search_volume', { keywords: words(30, 'c') })).status).toBe(200);
    clock.advance(60_000);
    const before = source.count();
    const refused = await post(app, '/v1/keywords/suggestions', { keyword: 'новое семя' });
    expect(refused.status).toBe(403);
    expect(source.count()).toBe(before);
    expect(refused.json.tasks[0].status_message).toContain('/v1/keywords/suggestions/task_post');
    const retryAfter = Number(refused.headers.get('retry-after'));
    // The oldest of the 30 calls (made a minute ago, paced by the per-second limit) leaves the hour in under 59
    // minutes: nowhere near the old "Retry-After: 1".
    expect(retryAfter).toBeGreaterThan(57 * 60);
    expect(retryAfter).toBeLessThan(59 * 60 + 5);
  });
});
