import type { CallLock, LockOutcome } from '../../src/ports/call-lock.js';

/** The lock state two in-process "processes" share, as Redis would hold it. */
export interface SharedLockTable {
  holders: Map<string, { owner: symbol; until: number }>;
  /** Forces every acquire to report this instead of deciding (e.g. 'unavailable' for an outage). */
  forced?: LockOutcome;
}

/** A CallLock over a shared table: what the Redis lock does, without Redis, for unit tests. */
export function createMemoryLock(table: SharedLockTable): CallLock & { acquisitions: number } {
  const owner = Symbol('owner');
  const lock = {
    acquisitions: 0,
    async acquire(key: string, ttlMs: number): Promise<LockOutcome> {
      if (table.forced) return table.forced;
      const current = table.holders.get(key);
      if (current && current.until > Date.now()) return 'busy';
      table.holders.set(key, { owner, until: Date.now() + ttlMs });
      lock.acquisitions++;
      return 'acquired';
    },
    async release(key: string): Promise<void> {
      if (table.holders.get(key)?.owner === owner) table.holders.delete(key);
    },
    async close(): Promise<void> {},
  };
  return lock;
}
