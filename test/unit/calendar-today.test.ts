import { describe, expect, it } from 'vitest';
import { todayIn } from '../../src/domain/dates/calendar.js';

// todayIn reuses a formatter per zone and its last answer within the same second: the memo must never carry a
// date across midnight, nor from one zone to another.
describe('todayIn memo', () => {
  it('turns the date at midnight in the zone, even one millisecond apart', () => {
    const midnightMoscow = Date.parse('2026-03-01T00:00:00+03:00');
    expect(todayIn('Europe/Moscow', midnightMoscow - 1)).toBe('2026-02-28');
    expect(todayIn('Europe/Moscow', midnightMoscow)).toBe('2026-03-01');
    expect(todayIn('Europe/Moscow', midnightMoscow - 1)).toBe('2026-02-28');
  });

  it('answers each zone for itself at the same instant', () => {
    const instant = Date.parse('2026-06-30T22:30:00Z');
    expect(todayIn('Europe/Moscow', instant)).toBe('2026-07-01');
    expect(todayIn('UTC', instant)).toBe('2026-06-30');
    expect(todayIn('Asia/Kamchatka', instant)).toBe('2026-07-01');
    expect(todayIn('Europe/Moscow', instant)).toBe('2026-07-01');
  });
});
