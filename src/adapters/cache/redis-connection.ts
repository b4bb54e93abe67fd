import { createClient } from '@keyv/redis';
import type { Logger } from '../../ports/logger.js';
import { createThrottledWarn } from './throttled-log.js';

/** The client exactly as this module builds it (RESP2, no modules or scripts). */
export type RedisClient = ReturnType<typeof buildClient>;

export interface RedisConnectionOptions {
  url: string;
  logger: Logger;
  /** Names the connection in log lines (cache, lock). */
  role: string;
  /** Give up one connection attempt after this long; the next attempt follows the backoff. */
  connectTimeoutMs?: number;
  /** Commands in flight beyond this are rejected at once instead of piling up behind a slow server. */
  maxQueuedCommands?: number;
}

export interface RedisConnection {
  client: RedisClient;
  /** True while commands can be sent; false during an outage (commands then fail at once). */
  isReady(): boolean;
  /** Resolves true once connected, false if that takes longer than `timeoutMs` (start-up, tests). */
  whenReady(timeoutMs: number): Promise<boolean>;
  /** Closes the socket without waiting for pending replies; stops reconnecting. */
  close(): void;
}

/**
 * A Redis client tuned for a cache that must never fail a request: commands are not queued while disconnected
 * (they fail fast and the caller treats it as a miss), reconnects continue forever with a short capped backoff so
 * the cache comes back when Redis does, and 'error' events are logged (throttled) instead of crashing the process.
 */
export function createRedisConnection(options: RedisConnectionOptions): RedisConnection {
  const log = options.logger.child({ component: `redis-${options.role}` });
  const warn = createThrottledWarn(log);
  const client = buildClient(options);
  let closed = false;
  client.on('error', (error: unknown) => warn(error, 'redis connection error'));
  client.on('ready', () => log.info({}, 'redis connection ready'));
  // connect() resolves on the first successful connection and retries until then; it only rejects when closed.
  client.connect().catch((error: unknown) => {
    if (!closed) warn(error, 'redis connect failed');
  });

  return {
    client,
    isReady: () => client.isReady,
    async whenReady(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!client.isReady && !closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return client.isReady;
    },
    close() {
      if (closed) return;
      closed = true;
      if (client.isOpen) client.destroy();
    },
  };
}

function buildClient(options: RedisConnectionOptions) {
  return createClient({
    url: options.url,
    disableOfflineQueue: true,
    commandsQueueMaxLength: options.maxQueuedCommands ?? 1_000,
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 1_000,
      // Always a number: never give up, Redis may come back at any time; at most ~1 s between attempts.
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1_000) + Math.floor(Math.random() * 100),
    },
  });
}

/** The error a Redis operation fails with when it takes longer than its budget. */
export class RedisTimeoutError extends Error {
  override name = 'RedisTimeoutError';
}

/** Races `promise` against a timer; the late result of a timed-out operation is ignored (never unhandled). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisTimeoutError(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
