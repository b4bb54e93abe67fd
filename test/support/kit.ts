import { todayIn } from '../../src/domain/dates/calendar.js';
import type { Clock } from '../../src/ports/clock.js';

/*
 * The constants every test shares, in one place: the instant tests run at and the key they authenticate with.
 * Golden files (test/golden, test/golden-csv) are written against these, so change them only with the goldens.
 */

/**
 * 2026-03-15 12:00 in Moscow (a Sunday): the default monthly window is then 2025-03-01 .. 2026-02-28, so
 * monthly_searches run from February 2026 back to March 2025; the last completed week is 2026-03-02 .. 03-08,
 * the last completed day 2026-03-14.
 */
export const FIXED_NOW = Date.parse('2026-03-15T09:00:00Z');

/** FIXED_NOW's calendar day in Moscow (the service's default time zone): 2026-03-15. */
export const TODAY = todayIn('Europe/Moscow', FIXED_NOW);

/** The bearer key every test app and runtime accepts (API_KEYS). */
export const TEST_KEY = 'test-key-0123456789abcdef';

/** The Authorization header of TEST_KEY. */
export const AUTH_HEADER = { authorization: `Bearer ${TEST_KEY}` } as const;

/** A clock that stands still until the test moves it: virtual time, never the wall clock. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(at: number): void;
}

/** The one test clock; starts at FIXED_NOW unless told otherwise. */
export function createTestClock(start = FIXED_NOW): TestClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
    set(at) {
      now = at;
    },
  };
}
