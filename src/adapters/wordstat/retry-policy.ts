/** How the adapter retries network errors, timeouts, 5xx and short upstream rate limits. */
export interface RetryPolicy {
  /** Most attempts per call, the first included (1 = never retry). */
  attempts: number;
  /** First backoff step; doubles each retry. */
  baseDelayMs: number;
  /** Cap of one backoff step. */
  maxDelayMs: number;
  /** Time budget of the whole call, every attempt and wait included; no retry starts that cannot end by then. */
  deadlineMs: number;
  /** Longest upstream-announced wait (Retry-After, "Time to refill") still sat out before retrying. */
  maxRateLimitWaitMs: number;
}

/** Defaults: three attempts within twice the per-attempt timeout. */
export function defaultRetryPolicy(timeoutMs: number): RetryPolicy {
  return {
    attempts: 3,
    baseDelayMs: 250,
    maxDelayMs: 4_000,
    deadlineMs: timeoutMs * 2,
    maxRateLimitWaitMs: 5_000,
  };
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so a burst of failing calls
 * spreads out instead of retrying in lockstep. `retry` counts from 0 (the wait before the second attempt).
 */
export function backoffDelayMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(step / 2 + random() * (step / 2));
}
