import { describe, expect, it } from 'vitest';
import { regionsTotal } from '../../src/adapters/wordstat/region-total.js';
import { backoffDelayMs, defaultRetryPolicy } from '../../src/adapters/wordstat/retry-policy.js';
import { classifyHttpFailure, parseRefillSeconds, parseRetryAfter } from '../../src/adapters/wordstat/wire-errors.js';
import {
  dynamicsResponseSchema,
  regionsResponseSchema,
  toRegionRows,
  toDynamicsPoints,
  topResponseSchema,
} from '../../src/adapters/wordstat/wire-response.js';
import { catalog } from './support/wordstat-harness.js';

describe('lenient response parsing', () => {
  it('accepts int64 as a number as well as a string', () => {
    expect(topResponseSchema.parse({ totalCount: 12, results: [{ phrase: 'a', count: '7' }] })).toMatchObject({
      totalCount: 12,
      results: [{ phrase: 'a', count: 7 }],
      associations: [],
    });
  });

  it('rejects an int64 that is not an integer', () => {
    expect(topResponseSchema.safeParse({ totalCount: 'many' }).success).toBe(false);
    expect(topResponseSchema.safeParse({ totalCount: '1.5' }).success).toBe(false);
  });

  it('reads null lists (some gateways write them) as empty', () => {
    expect(topResponseSchema.parse({ results: null }).results).toEqual([]);
  });

  it('dates a bucket stamped at Moscow midnight on its own day; sorts oldest first', () => {
    const body = dynamicsResponseSchema.parse({
      results: [
        { date: '2026-01-01T00:00:00Z', count: '2' },
        { date: '2025-11-30T21:00:00Z', count: '1', share: 50 },
        { date: '2025-10-01T00:00:00+03:00', count: '3' },
      ],
    });
    expect(toDynamicsPoints(body)).toEqual([
      { date: '2025-10-01', count: 3, share: 0 },
      { date: '2025-12-01', count: 1, share: 0.5 },
      { date: '2026-01-01', count: 2, share: 0 },
    ]);
  });

  it('rejects a date that is not RFC3339', () => {
    expect(dynamicsResponseSchema.safeParse({ results: [{ date: 'yesterday' }] }).success).toBe(false);
  });

  it('skips a regions row with an odd region id instead of failing the answer (issue 20, item 30)', () => {
    const body = regionsResponseSchema.parse({
      results: [{ region: 'Moscow' }, { count: '5' }, { region: '213', count: '400', affinityIndex: 120 }, { region: '-3', count: '1' }],
    });
    const { rows, skipped } = toRegionRows(body);
    expect(rows).toEqual([{ regionId: 213, count: 400, affinityIndex: 120 }]);
    expect(skipped).toHaveLength(3);
  });
});

describe('regionsTotal', () => {
  it('sums only the countries when there are any', () => {
    const rows = [
      { regionId: 225, count: 1000, affinityIndex: 100 },
      { regionId: 213, count: 400, affinityIndex: 100 },
      { regionId: 149, count: 50, affinityIndex: 100 },
    ];
    expect(regionsTotal(rows, catalog)).toBe(1050);
  });

  it('without countries, counts each row whose ancestor is also returned only through that ancestor', () => {
    // Центр (3) ⊃ Москва и область (1) ⊃ Москва (213); Санкт-Петербург (2) stands alone.
    const rows = [
      { regionId: 3, count: 600, affinityIndex: 100 },
      { regionId: 1, count: 500, affinityIndex: 100 },
      { regionId: 213, count: 400, affinityIndex: 100 },
      { regionId: 2, count: 150, affinityIndex: 100 },
    ];
    expect(regionsTotal(rows, catalog)).toBe(750);
  });

  it('counts a region the catalog does not know as outermost', () => {
    const rows = [
      { regionId: 213, count: 400, affinityIndex: 100 },
      { regionId: 987654, count: 7, affinityIndex: 100 },
    ];
    expect(regionsTotal(rows, catalog)).toBe(407);
  });
});

describe('rate-limit hints', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('12', now)).toBe(12);
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('"Time to refill" in the message', () => {
    expect(parseRefillSeconds('Quota exceeded. Time to refill: 37 seconds')).toBe(37);
    expect(parseRefillSeconds('time to refill: 2.5s')).toBe(3);
    expect(parseRefillSeconds('Too many requests')).toBeUndefined();
  });

  it('a header wins over the message', () => {
    const failure = classifyHttpFailure(429, '5', '{"code":8,"message":"Time to refill: 40 seconds"}', now);
    expect(failure).toMatchObject({ kind: 'rate-limited', waitSeconds: 5 });
  });

  it('the gRPC code decides when a proxy rewrote the status', () => {
    expect(classifyHttpFailure(500, undefined, '{"code":8,"message":"x"}', now).kind).toBe('rate-limited');
    expect(classifyHttpFailure(502, undefined, '<html>bad gateway</html>', now)).toMatchObject({
      kind: 'transient',
      error: { code: 'SOURCE_UNAVAILABLE' },
    });
    expect(classifyHttpFailure(404, undefined, '{"code":5,"message":"Not Found"}', now)).toMatchObject({
      kind: 'fatal',
      error: { code: 'SOURCE_FAILED' },
    });
  });
});

describe('backoff', () => {
  it('doubles per retry, stays within [step/2, step] and under the cap', () => {
    const policy = { ...defaultRetryPolicy(1000), baseDelayMs: 100, maxDelayMs: 500 };
    expect(backoffDelayMs(policy, 0, () => 0)).toBe(50);
    expect(backoffDelayMs(policy, 0, () => 1)).toBe(100);
    expect(backoffDelayMs(policy, 2, () => 0.5)).toBe(300);
    expect(backoffDelayMs(policy, 10, () => 1)).toBe(500);
  });
});
