import { ASSUMED_ID_PREFIX } from './local-share.js';
import type { QuotaLimits } from './sliding-window.js';

/**
 * Planning over the call log, pure: how many calls each lane used this hour, and when `n` more calls can go.
 * Lanes are spelled in the log entry's id (`task:…`, `live:…`), so the memory and the Redis store need no
 * second structure and every process sharing the log sees the same counts.
 */

export type QuotaLane = 'live' | 'task';

/** A log entry's id: its lane, then a unique part. */
export function laneId(lane: QuotaLane, unique: string): string {
  return `${lane}:${unique}`;
}

/**
 * Calls in the hour window by lane (entries with an older id format count as live). Calls only assumed spent
 * (the stored log not read yet, see local-share.ts) are in neither lane.
 */
export function countLanes(ids: readonly string[]): { live: number; task: number } {
  let task = 0;
  let assumed = 0;
  for (const id of ids) {
    if (id.startsWith('task:')) task++;
    else if (id.startsWith(ASSUMED_ID_PREFIX)) assumed++;
  }
  return { live: ids.length - task - assumed, task };
}

/** The answer to "may `n` calls start now (within maxWaitMs)?"; when not, which limit and for how long. */
export type CallsPlan =
  | { ok: true }
  | { ok: false; limit: 'hour' | 'second'; retryAfterMs: number }
  /** More calls than the hour holds at all: no wait makes it possible. */
  | { ok: false; limit: 'hour'; retryAfterMs: undefined };

/**
 * Whether `n` calls can be granted by a caller that may use `hourLimit` of the hour (the whole budget for live
 * requests). The hour part is exact: room for all `n` opens when the (used + n − hourLimit) oldest calls have
 * left the window. The per-second part looks at the first min(n, rps) calls, the ones a request starts at once
 * (the next ones are paced as earlier ones finish). `retryAfterMs` is the time after which the same request,
 * with nobody else calling, would be served: the honest Retry-After.
 */
export function planCalls(log: readonly number[], now: number, limits: QuotaLimits, n: number, hourLimit = limits.rph): CallsPlan {
  if (n <= 0) return { ok: true };
  if (n > hourLimit) return { ok: false, limit: 'hour', retryAfterMs: undefined };
  const excess = log.length + n - hourLimit;
  if (excess > 0) {
    const frees = (log[excess - 1] as number) + limits.hourWindowMs - now;
    if (frees > limits.maxWaitMs) return { ok: false, limit: 'hour', retryAfterMs: frees - limits.maxWaitMs };
  }
  const burst = slotTimes(log, now, limits, Math.min(n, limits.rps), hourLimit);
  const lastStart = (burst[burst.length - 1] as number) - now;
  if (lastStart > limits.maxWaitMs) return { ok: false, limit: 'second', retryAfterMs: lastStart - limits.maxWaitMs };
  return { ok: true };
}

/**
 * The times at which `n` more calls would start if placed one after another from `now`, first come first served,
 * within `hourLimit` calls per hour window: the budget's own arithmetic, used for a task's ETA.
 */
export function slotTimes(log: readonly number[], now: number, limits: QuotaLimits, n: number, hourLimit = limits.rph): number[] {
  const times = [...log];
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const count = times.length;
    const last = count > 0 ? (times[count - 1] as number) : now;
    // Only the entries still inside the window matter for the next slot; the log is sorted, so index arithmetic holds.
    const hourSlot = count >= hourLimit ? (times[count - hourLimit] as number) + limits.hourWindowMs : now;
    const secondSlot = count >= limits.rps ? (times[count - limits.rps] as number) + limits.secondWindowMs : now;
    const at = Math.max(now, last, hourSlot, secondSlot);
    times.push(at);
    out.push(at);
  }
  return out;
}
