import { performance } from 'node:perf_hooks';
import type { Cache } from '../ports/cache.js';
import type { CallLock } from '../ports/call-lock.js';
import type { Clock } from '../ports/clock.js';

export interface CrossProcessFetchOptions {
  cache: Cache;
  lock: CallLock;
  clock: Clock;
  /** An entry younger than this is a result another process just stored. */
  freshTtlMs: number;
  /** The lock lapses after this if its holder dies; should exceed the longest source call. */
  lockTtlMs: number;
  /** How long a process that found the lock busy waits for the holder's value before calling itself. */
  waitMs: number;
  /** First and longest pause between looks at the cache while waiting. */
  pollMs?: { initial: number; max: number };
}

/** Runs `fetchAndStore` (which writes the cache) and returns its value, or the value another process stored. */
export type CoordinatedFetch = (key: string, fetchAndStore: () => Promise<unknown>) => Promise<unknown>;

/**
 * Makes concurrent identical calls in different processes share one upstream call. The process that takes the
 * lock calls the source and stores the value; the others poll the cache with backoff until a fresh value
 * appears, retrying the lock each round so that a holder who failed (and released) or died (and lapsed) is
 * replaced at once. Past `waitMs`, or when the lock service is unavailable, a process calls the source itself:
 * coordination saves calls but may never block a request for good.
 */
export function createCrossProcessFetch(options: CrossProcessFetchOptions): CoordinatedFetch {
  const { cache, lock, clock, freshTtlMs, lockTtlMs, waitMs } = options;
  const poll = options.pollMs ?? { initial: 20, max: 250 };

  const freshValue = async (key: string): Promise<{ value: unknown } | undefined> => {
    const entry = await cache.get<unknown>(key);
    return entry && clock.now() - entry.storedAt < freshTtlMs ? { value: entry.value } : undefined;
  };

  const asHolder = async (key: string, fetchAndStore: () => Promise<unknown>): Promise<unknown> => {
    try {
      // Another process may have stored the value between our miss and our lock.
      const stored = await freshValue(key);
      return stored ? stored.value : await fetchAndStore();
    } finally {
      await lock.release(key);
    }
  };

  return async (key, fetchAndStore) => {
    let outcome = await lock.acquire(key, lockTtlMs);
    const started = performance.now();
    let pause = poll.initial;
    while (outcome === 'busy') {
      const left = waitMs - (performance.now() - started);
      if (left <= 0) return fetchAndStore();
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
      pause = Math.min(pause * 2, poll.max);
      const stored = await freshValue(key);
      if (stored) return stored.value;
      outcome = await lock.acquire(key, lockTtlMs);
    }
    return outcome === 'acquired' ? asHolder(key, fetchAndStore) : fetchAndStore();
  };
}
