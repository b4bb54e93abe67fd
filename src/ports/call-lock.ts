/** What `acquire` found: the lock is ours, someone else holds it, or the lock service cannot be reached. */
export type LockOutcome = 'acquired' | 'busy' | 'unavailable';

/**
 * A short-lived mutual-exclusion lock shared by every process of a deployment, so that concurrent identical
 * source calls in different processes make one upstream call. Implementations never throw.
 */
export interface CallLock {
  /** Tries once to take the lock on `key`; it lapses by itself after `ttlMs` if the holder dies. */
  acquire(key: string, ttlMs: number): Promise<LockOutcome>;
  /** Releases the lock on `key` if this instance still holds it (never someone else's after a lapse). */
  release(key: string): Promise<void>;
  /** Releases connections. */
  close(): Promise<void>;
}
