import type { Clock } from '../../src/ports/clock.js';

/** A clock the test moves by hand. */
export function createManualClock(start = 1_750_000_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}
