import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import type { UsageBucket, UsageFilter } from '../../src/ports/usage-reader.js';
import { createUsageService, resolveUsageRange, summarizeUsage } from '../../src/services/usage.js';

const bucket = (day: string, keyId: string, operation: string, calls: number, spend: number): UsageBucket => ({
  day,
  keyId,
  operation,
  calls,
  hits: 0,
  stale: 0,
  errors: 0,
  spend,
});

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('INVALID_FIELD');
    return (error as DomainError).field;
  }
  throw new Error('expected an error');
}

describe('usage range', () => {
  it('defaults to the 30 days ending today, both ends included', () => {
    expect(resolveUsageRange({}, '2025-03-12')).toEqual({ from: '2025-02-11', to: '2025-03-12' });
    expect(resolveUsageRange({ to: '2025-01-31' }, '2025-03-12')).toEqual({ from: '2025-01-02', to: '2025-01-31' });
    expect(resolveUsageRange({ from: '2025-03-01' }, '2025-03-12')).toEqual({ from: '2025-03-01', to: '2025-03-12' });
  });

  it('refuses malformed dates, reversed ranges and ranges longer than a year', () => {
    expect(fieldOf(() => resolveUsageRange({ from: '2025-02-30' }, '2025-03-12'))).toBe('from');
    expect(fieldOf(() => resolveUsageRange({ to: '12.03.2025' }, '2025-03-12'))).toBe('to');
    expect(fieldOf(() => resolveUsageRange({ from: '2025-03-05', to: '2025-03-04' }, '2025-03-12'))).toBe('from');
    // 2024 is a leap year: 2024-01-01 … 2024-12-31 is exactly 366 days, one more is too many.
    expect(resolveUsageRange({ from: '2024-01-01', to: '2024-12-31' }, '2025-03-12').from).toBe('2024-01-01');
    expect(fieldOf(() => resolveUsageRange({ from: '2024-01-01', to: '2025-01-01' }, '2025-03-12'))).toBe('from');
  });
});

describe('usage service', () => {
  it("asks the reader for the caller's key only, in the service time zone, with today's default range", async () => {
    const seen: UsageFilter[] = [];
    const reader = { buckets: async (f: UsageFilter) => (seen.push(f), []) };
    // 2025-03-12T22:30Z is already 2025-03-13 in Moscow (UTC+3).
    const usage = createUsageService({ reader, clock: { now: () => Date.parse('2025-03-12T22:30:00Z') }, timeZone: 'Europe/Moscow' });
    await usage.forKey('key_a');
    await usage.forAll({ from: '2025-03-01', to: '2025-03-02' });
    expect(seen).toEqual([
      { fromDate: '2025-02-12', toDate: '2025-03-13', timeZone: 'Europe/Moscow', keyId: 'key_a' },
      { fromDate: '2025-03-01', toDate: '2025-03-02', timeZone: 'Europe/Moscow' },
    ]);
  });

  it('adds buckets up by day, operation and key without floating-point dust', () => {
    const summary = summarizeUsage([
      bucket('2025-03-02', 'b', 'v2.top', 1, 0.2),
      bucket('2025-03-01', 'a', 'v2.top', 2, 0.1),
      bucket('2025-03-01', 'b', 'graphql.top', 1, 0.2),
    ]);
    expect(summary.totals).toEqual({ calls: 4, hits: 0, stale: 0, errors: 0, spend: 0.5 });
    expect(summary.days.map((d) => [d.date, d.calls, d.spend])).toEqual([
      ['2025-03-01', 3, 0.3],
      ['2025-03-02', 1, 0.2],
    ]);
    expect(summary.operations.map((o) => [o.operation, o.calls, o.spend])).toEqual([
      ['graphql.top', 1, 0.2],
      ['v2.top', 3, 0.3],
    ]);
  });
});
