import type { Clock } from '../../src/ports/clock.js';

/**
 * 2026-03-15 12:00 in Moscow (a Sunday): the default monthly window is then 2025-03-01 .. 2026-02-28, so
 * monthly_searches run from February 2026 back to March 2025.
 */
export const FIXED_NOW = Date.parse('2026-03-15T09:00:00Z');

/** A clock that stands still until a test moves it. */
export function createFixedClock(start = FIXED_NOW): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}
