/**
 * The quota rule, shared by the memory store and (as Lua) the Redis store.
 *
 * Every call sent upstream is a timestamp in one log. A new call is given the earliest time `at` such that
 * - `at` is not before now nor before the last logged call (first come, first served), and
 * - no window of `secondWindowMs` holds more than `rps` calls, and no window of `hourWindowMs` more than
 *   `rph`, counting the new call: with a sorted log that means `at ≥ log[n − rps] + secondWindowMs` and
 *   `at ≥ log[n − rph] + hourWindowMs`.
 * If `at − now ≤ maxWaitMs` the call is logged at `at` (a reservation) and waits until then; otherwise nothing
 * is logged and the caller learns why and for how long.
 *
 * Why a sliding log and not fixed windows (as most limiter libraries use): a fixed window admits 2·N calls
 * across a window boundary in a moment, which an upstream counting by sliding window or token bucket answers
 * with 429. "At most N in any window" is within the upstream's limit under all three ways of counting.
 */

export interface QuotaLimits {
  rps: number;
  rph: number;
  /** One second plus a safety margin (network jitter can bunch calls up on the way). */
  secondWindowMs: number;
  /** One hour plus the same margin. */
  hourWindowMs: number;
  /** Longest wait a caller accepts. */
  maxWaitMs: number;
}

/** A store's answer: go after `waitMs`, or not within the caller's patience, because of which limit. */
export type SlotDecision =
  | { ok: true; waitMs: number }
  | { ok: false; limit: 'second' | 'hour'; retryAfterMs: number };

/** Applies the rule to a sorted log (oldest first) already pruned to the last hour window. */
export function decideSlot(
  log: readonly number[],
  now: number,
  limits: QuotaLimits,
): ({ ok: true; at: number; waitMs: number }) | Extract<SlotDecision, { ok: false }> {
  const n = log.length;
  const last = n > 0 ? (log[n - 1] as number) : now;
  const hourSlot = n >= limits.rph ? (log[n - limits.rph] as number) + limits.hourWindowMs : now;
  const secondSlot = n >= limits.rps ? (log[n - limits.rps] as number) + limits.secondWindowMs : now;
  const at = Math.max(now, last, hourSlot, secondSlot);
  if (at - now <= limits.maxWaitMs) return { ok: true, at, waitMs: at - now };
  if (hourSlot - now > limits.maxWaitMs) return { ok: false, limit: 'hour', retryAfterMs: hourSlot - now };
  return { ok: false, limit: 'second', retryAfterMs: at - now };
}

/** What the log says about the hour: calls counted (reservations included) and when the oldest leaves. */
export interface HourUsage {
  used: number;
  /** Milliseconds until the oldest counted call leaves the window (0 when none is counted). */
  nextFreeInMs: number;
}

/** Usage of a pruned log. */
export function hourUsage(log: readonly number[], now: number, hourWindowMs: number): HourUsage {
  const oldest = log[0];
  return { used: log.length, nextFreeInMs: oldest === undefined ? 0 : Math.max(0, oldest + hourWindowMs - now) };
}
