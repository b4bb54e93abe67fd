import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WordstatSource } from '../../src/adapters/wordstat/wordstat-source.js';
import { DomainError } from '../../src/domain/errors.js';
import type { TopQuery } from '../../src/domain/types.js';
import type { FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { API_KEY, createRecordingLogger, sourceFor, startFixtureFake } from './support/wordstat-harness.js';

const query: TopQuery = { phrase: 'кот', numPhrases: 5, regions: [], devices: [] };

let fake: FakeWordstat;
let source: WordstatSource;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  fake = await startFixtureFake();
  // Short per-attempt timeout so "hang" resolves quickly; three attempts within 1.5 s.
  source = sourceFor(fake, { timeoutMs: 300, retry: { attempts: 3, baseDelayMs: 20, maxDelayMs: 80, deadlineMs: 1_500 } });
});
afterAll(async () => {
  await source.close();
  await fake.close();
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});
beforeEach(() => fake.reset());
afterEach(() => expect(unhandled).toEqual([]));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    },
  );

describe('upstream rate limits (429 / RESOURCE_EXHAUSTED)', () => {
  it('a short Retry-After is sat out and the call retried', async () => {
    fake.inject('rate-limited-retry-after', { seconds: 1 });
    const started = Date.now();
    const result = await source.top(query);
    expect(result.totalCount).toBeGreaterThan(0);
    expect(fake.calls.top).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('a Retry-After longer than we wait but under a minute → SOURCE_RATE_LIMITED (429) with that wait', async () => {
    fake.inject('rate-limited-retry-after', { seconds: 30 });
    const error = await failure(source.top(query));
    expect(error).toMatchObject({ code: 'SOURCE_RATE_LIMITED', status: 429, retryAfterSeconds: 30 });
    expect(fake.calls.top).toBe(1);
  });

  it('without a header, the "Time to refill: N seconds" text gives the wait', async () => {
    fake.inject('rate-limited-refill', { seconds: 20 });
    const error = await failure(source.top(query));
    expect(error).toMatchObject({ code: 'SOURCE_RATE_LIMITED', status: 429, retryAfterSeconds: 20 });
  });

  it('a short refill text is sat out too', async () => {
    fake.inject('rate-limited-refill', { seconds: 1, method: 'regions' });
    const result = await source.regions({ phrase: 'кот', level: 'REGION_ALL', devices: [] });
    expect(result.total).toBe(1200);
    expect(fake.calls.regions).toBe(2);
  });

  it('a wait over a minute is the spent quota → SOURCE_QUOTA_EXHAUSTED (403) with the wait, no retry', async () => {
    fake.inject('quota-exhausted', { seconds: 1800 });
    const error = await failure(source.top(query));
    expect(error).toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED', status: 403, retryAfterSeconds: 1800 });
    expect(fake.calls.top).toBe(1);
  });

  it('429 with no hint: backs off and retries; still limited after retries → SOURCE_QUOTA_EXHAUSTED', async () => {
    fake.inject('rate-limited', { times: Infinity });
    const error = await failure(source.top(query));
    expect(error).toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED', status: 403 });
    expect(fake.calls.top).toBe(3);
  });

  it('429 with no hint that clears on retry succeeds', async () => {
    fake.inject('rate-limited', { times: 1 });
    await source.top(query);
    expect(fake.calls.top).toBe(2);
  });

  it('429 with no hint and no retry allowed → SOURCE_RATE_LIMITED with an estimated wait', async () => {
    const once = sourceFor(fake, { retry: { attempts: 1 } });
    fake.inject('rate-limited');
    const error = await failure(once.top(query));
    expect(error.code).toBe('SOURCE_RATE_LIMITED');
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await once.close();
  });
});

describe('bad credentials (401 / 403)', () => {
  for (const fault of ['unauthenticated', 'permission-denied'] as const) {
    it(`${fault} → SOURCE_UNAVAILABLE (503) "not configured correctly", one loud log line without the key`, async () => {
      const logger = createRecordingLogger();
      const logged = sourceFor(fake, { logger });
      fake.inject(fault);
      const error = await failure(logged.top(query));
      expect(error).toMatchObject({ code: 'SOURCE_UNAVAILABLE', status: 503 });
      expect(error.message).toMatch(/not configured correctly/);
      expect(fake.calls.top).toBe(1);
      const errors = logger.lines.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(JSON.stringify(logger.lines)).not.toContain(API_KEY);
      await logged.close();
    });
  }

  it('a real credential mismatch at the fake is the same', async () => {
    const wrong = sourceFor(fake, { apiKey: 'not-the-key' });
    await expect(wrong.top(query)).rejects.toMatchObject({ code: 'SOURCE_UNAVAILABLE', status: 503 });
    await wrong.close();
  });

  it('a folder the key may not use (403, code 7) is the same', async () => {
    const wrong = sourceFor(fake, { folderId: 'someone-elses-folder' });
    await expect(wrong.regionTree()).rejects.toMatchObject({ code: 'SOURCE_UNAVAILABLE', status: 503 });
    await wrong.close();
  });
});

describe('server errors and the network', () => {
  it('a 500 once is retried and the call succeeds', async () => {
    fake.inject('internal');
    await source.top(query);
    expect(fake.calls.top).toBe(2);
  });

  it('500 every time → SOURCE_FAILED (500) after the last attempt', async () => {
    fake.inject('internal', { times: Infinity });
    expect(await failure(source.top(query))).toMatchObject({ code: 'SOURCE_FAILED', status: 500 });
    expect(fake.calls.top).toBe(3);
  });

  it('503 every time → SOURCE_UNAVAILABLE (503) after the last attempt', async () => {
    fake.inject('unavailable', { times: Infinity, method: 'dynamics' });
    const error = await failure(
      source.dynamics({ phrase: 'кот', period: 'PERIOD_MONTHLY', fromDate: '2024-01-01', toDate: '2024-01-31', regions: [], devices: [] }),
    );
    expect(error).toMatchObject({ code: 'SOURCE_UNAVAILABLE', status: 503 });
    expect(fake.calls.dynamics).toBe(3);
  });

  it('a hang → timeout → retried → SOURCE_UNAVAILABLE within the deadline', async () => {
    fake.inject('hang', { times: Infinity });
    const started = Date.now();
    const error = await failure(source.top(query));
    expect(error).toMatchObject({ code: 'SOURCE_UNAVAILABLE', status: 503 });
    expect(fake.calls.top).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('a single hang is survived by the retry', async () => {
    fake.inject('hang');
    await source.top(query);
    expect(fake.calls.top).toBe(2);
  });

  it('a reset connection is retried', async () => {
    fake.inject('reset');
    await source.top(query);
    expect(fake.calls.top).toBe(2);
  });

  it('a connection reset every time → SOURCE_UNAVAILABLE', async () => {
    fake.inject('reset', { times: Infinity });
    expect(await failure(source.top(query))).toMatchObject({ code: 'SOURCE_UNAVAILABLE', status: 503 });
  });

  it('nobody listening → SOURCE_UNAVAILABLE', async () => {
    const nowhere = sourceFor({ ...fake, url: 'http://127.0.0.1:9' } as FakeWordstat);
    expect(await failure(nowhere.top(query))).toMatchObject({ code: 'SOURCE_UNAVAILABLE', status: 503 });
    await nowhere.close();
  });

  it('the caller aborting stops at once, without retries', async () => {
    fake.inject('hang', { times: Infinity });
    const controller = new AbortController();
    // real wait: aborts a real HTTP call while it is in flight
    setTimeout(() => controller.abort(), 50);
    const error = await failure(source.top(query, controller.signal));
    expect(error.code).toBe('SOURCE_UNAVAILABLE');
    expect(error.message).toMatch(/cancelled/);
    expect(fake.calls.top).toBe(1);
  });
});

describe('answers that make no sense', () => {
  it('one malformed JSON answer is the source’s fault, retried like a 5xx: the call succeeds (issue 24, item 7)', async () => {
    fake.inject('malformed-json');
    expect((await source.top(query)).totalCount).toBeGreaterThan(0);
    expect(fake.calls.top).toBe(2);
  });

  it('one body of the wrong shape is retried too', async () => {
    fake.inject('unexpected-body');
    expect((await source.top(query)).totalCount).toBeGreaterThan(0);
    expect(fake.calls.top).toBe(2);
  });

  it('malformed JSON on every attempt → SOURCE_FAILED once the attempts are spent', async () => {
    fake.inject('malformed-json', { times: Infinity });
    expect(await failure(source.top(query))).toMatchObject({ code: 'SOURCE_FAILED', status: 500 });
    expect(fake.calls.top).toBe(3);
  });

  it('a body of the wrong shape → SOURCE_FAILED for every method', async () => {
    fake.inject('unexpected-body', { times: Infinity });
    // One at a time: each is retried now, so a call left waiting would reject before it is awaited.
    const calls = [
      () => source.top(query),
      () => source.dynamics({ phrase: 'кот', period: 'PERIOD_MONTHLY', fromDate: '2024-01-01', toDate: '2024-01-31', regions: [], devices: [] }),
      () => source.regions({ phrase: 'кот', level: 'REGION_ALL', devices: [] }),
      () => source.regionTree(),
    ];
    for (const call of calls) expect(await failure(call())).toMatchObject({ code: 'SOURCE_FAILED', status: 500 });
  });
});

describe('the attempt gate', () => {
  it('is asked before every attempt of a call, retries included, the region tree too (issue 20, item 26)', async () => {
    const asked: string[] = [];
    const gated = sourceFor(fake, { gate: async (method) => void asked.push(method) });
    fake.inject('internal', { method: 'top' });
    await gated.top(query);
    await gated.regionTree();
    expect(asked).toEqual(['top', 'top', 'regionTree']);
    await gated.close();
  });

  it('a refusal from the gate is passed on and nothing is sent', async () => {
    const refusing = sourceFor(fake, {
      gate: async () => {
        throw new DomainError('SOURCE_QUOTA_EXHAUSTED', 'spent', { retryAfterSeconds: 600 });
      },
    });
    await expect(refusing.top(query)).rejects.toMatchObject({ code: 'SOURCE_QUOTA_EXHAUSTED', retryAfterSeconds: 600 });
    expect(fake.calls.top).toBe(0);
    await refusing.close();
  });
});
