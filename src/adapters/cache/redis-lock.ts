import { randomUUID } from 'node:crypto';
import type { CallLock, LockOutcome } from '../../ports/call-lock.js';
import { type Logger, silentLogger } from '../../ports/logger.js';
import { createRedisConnection, withTimeout } from './redis-connection.js';
import { createThrottledWarn } from './throttled-log.js';

/** Deletes the lock only if it still holds our token: a lapsed lock re-taken by another process stays theirs. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface RedisLockOptions {
  url: string;
  /** Same deployment prefix as the cache, e.g. `sds`; lock keys become `sds:lock:<key>`. */
  namespace: string;
  logger?: Logger;
  /** Budget of one Redis operation; past it the lock is reported 'unavailable'. */
  timeoutMs?: number;
}

export interface RedisLock extends CallLock {
  /** Resolves true once Redis is reachable, false after `timeoutMs`. */
  whenReady(timeoutMs: number): Promise<boolean>;
}

/**
 * A CallLock over Redis `SET key token NX PX ttl`, released with a compare-and-delete script. Each acquisition
 * gets a random token, so a holder whose lock lapsed cannot release the next holder's lock.
 */
export function createRedisLock(options: RedisLockOptions): RedisLock {
  const logger = (options.logger ?? silentLogger).child({ component: 'redis-lock' });
  const warn = createThrottledWarn(logger);
  const timeoutMs = options.timeoutMs ?? 250;
  const connection = createRedisConnection({ url: options.url, logger, role: 'lock' });
  const { client } = connection;
  const held = new Map<string, string>();
  const lockKey = (key: string) => `${options.namespace}:lock:${key}`;
  let closed = false;

  return {
    async acquire(key: string, ttlMs: number): Promise<LockOutcome> {
      if (closed || !connection.isReady()) return 'unavailable';
      const token = randomUUID();
      try {
        const reply = await withTimeout(
          client.set(lockKey(key), token, { condition: 'NX', expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } }),
          timeoutMs,
          'redis lock acquire',
        );
        if (reply !== 'OK') return 'busy';
        held.set(key, token);
        return 'acquired';
      } catch (error) {
        warn(error, 'lock unavailable; calling without it', { op: 'acquire' });
        return 'unavailable';
      }
    },
    async release(key: string): Promise<void> {
      const token = held.get(key);
      if (token === undefined) return;
      held.delete(key);
      if (closed) return;
      try {
        await withTimeout(client.eval(RELEASE_SCRIPT, { keys: [lockKey(key)], arguments: [token] }), timeoutMs, 'redis lock release');
      } catch (error) {
        // The lock then lapses by its TTL; waiters meanwhile find the value in the cache.
        warn(error, 'lock release failed', { op: 'release' });
      }
    },
    async close() {
      closed = true;
      connection.close();
    },
    whenReady: (ms) => connection.whenReady(ms),
  };
}
