import { describe, expect, it } from 'vitest';
import { computeTrend } from '../../src/domain/trend.js';

describe('computeTrend (first vs last period)', () => {
  it.each([
    { counts: [100, 150], trend: 'up 50%', rule: 'last higher by more than 1%' },
    { counts: [100, 80, 101.5], trend: 'up 2%', rule: 'N is rounded' },
    { counts: [200, 500, 50], trend: 'down 75%', rule: 'last lower by more than 1%' },
    { counts: [100, 101], trend: 'stable', rule: 'exactly 1% is within 1%' },
    { counts: [100, 99], trend: 'stable', rule: 'down 1% is within 1%' },
    { counts: [1000, 1011], trend: 'up 1%', rule: '1.1% is more than 1%, rounds to 1' },
    { counts: [0, 0, 5], trend: 'up (new)', rule: 'first had no queries' },
    { counts: [0, 7, 0], trend: 'stable', rule: 'both ends had none' },
    { counts: [42], trend: 'stable', rule: 'a single period' },
    { counts: [], trend: 'stable', rule: 'no periods' },
    { counts: [10, 0], trend: 'down 100%', rule: 'demand vanished' },
  ])('$rule: $counts → $trend', ({ counts, trend }) => {
    expect(computeTrend(counts)).toBe(trend);
  });
});
