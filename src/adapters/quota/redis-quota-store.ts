import { DomainError } from '../../domain/errors.js';
import type { Logger } from '../../ports/logger.js';
import type { QuotaLog, QuotaStore } from './quota-store.js';
import type { HourUsage, SlotDecision } from './sliding-window.js';

/** The one command the store needs; a node-redis (`@redis/client` 5) client satisfies it. */
export interface RedisEvalClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

// Both scripts read the time from Redis itself: one clock for every process, whatever their own clocks say.
// The log is a sorted set scored by call time; see sliding-window.ts for the rule (this is the same rule).
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const RESERVE = `${NOW}
local key = KEYS[1]
local rps, rph = tonumber(ARGV[1]), tonumber(ARGV[2])
local sw, hw, maxWait = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - hw)
local n = redis.call('ZCARD', key)
local function scoreAt(i) return tonumber(redis.call('ZRANGE', key, i, i, 'WITHSCORES')[2]) end
local at = now
if n > 0 then at = math.max(at, scoreAt(n - 1)) end
local hourSlot = now
if n >= rph then hourSlot = scoreAt(n - rph) + hw end
local secondSlot = now
if n >= rps then secondSlot = scoreAt(n - rps) + sw end
at = math.max(at, hourSlot, secondSlot)
if at - now <= maxWait then
  redis.call('ZADD', key, at, ARGV[6])
  redis.call('PEXPIRE', key, at - now + hw + 1000)
  return {1, at - now}
end
if hourSlot - now > maxWait then return {2, hourSlot - now} end
return {3, at - now}`;

const USAGE = `${NOW}
local key, hw = KEYS[1], tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - hw)
local n = redis.call('ZCARD', key)
if n == 0 then return {0, 0} end
local oldest = tonumber(redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2])
return {n, math.max(0, oldest + hw - now)}`;

const LOG = `${NOW}
local key, hw = KEYS[1], tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - hw)
local entries = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
table.insert(entries, 1, tostring(now))
return entries`;

const RELEASE = `return redis.call('ZREM', KEYS[1], ARGV[1])`;

// Calls made elsewhere (times on the writer's clock: the same host's, or one kept in step with it), as id/time
// pairs after the window. NX: a reservation Redis already holds under that id keeps its own time.
const ABSORB = `${NOW}
local key, hw = KEYS[1], tonumber(ARGV[1])
local newest = nil
for i = 2, #ARGV - 1, 2 do
  local at = tonumber(ARGV[i + 1])
  if at > now - hw then
    redis.call('ZADD', key, 'NX', at, ARGV[i])
    if newest == nil or at > newest then newest = at end
  end
end
if newest ~= nil then
  local want = newest - now + hw + 1000
  if redis.call('PTTL', key) < want then redis.call('PEXPIRE', key, want) end
end
return {1}`;

export interface RedisQuotaStoreOptions {
  /** A connected node-redis client (left open on close), or a URL (the store owns that client). */
  redis: string | RedisEvalClient;
  /** Key of the shared call log; every process sharing one upstream quota must use the same key. */
  key: string;
  logger: Logger;
}

/** Longest a quota decision may take before the call is refused instead (Redis slow or unreachable). */
const OPERATION_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  promise.catch(() => {}); // the loser of the race must not become an unhandled rejection
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A call log shared by every process that uses the same Redis key. Fails closed: no Redis, no upstream call. */
export function createRedisQuotaStore(options: RedisQuotaStoreOptions): QuotaStore {
  const { key, logger } = options;
  let owned: { readonly isOpen: boolean; close(): Promise<void> } | undefined;
  let closed = false;
  let ready: () => Promise<RedisEvalClient>;
  if (typeof options.redis === 'string') {
    const url = options.redis;
    // The client library is loaded here, not at start-up: a process without Redis never needs it.
    const connected = import('@redis/client').then(({ createClient }) => {
      if (closed) throw new Error('quota store closed');
      // No offline queue: while disconnected a command fails at once rather than waiting for a reconnect.
      const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 5_000 } });
      let healthy = true;
      // An 'error' listener is mandatory (without one a dropped connection crashes the process); log once per outage.
      client.on('error', (error: unknown) => {
        if (healthy) logger.warn({ reason: String(error) }, 'quota store: Redis connection error');
        healthy = false;
      });
      client.on('ready', () => (healthy = true));
      owned = client;
      // node-redis keeps reconnecting in the background; connect() settles on the first success.
      const first = client.connect().then(() => client as unknown as RedisEvalClient);
      first.catch(() => {}); // rejects only once closed; a caller waiting on it sees that itself
      return { client, first };
    });
    connected.catch(() => {});
    ready = () =>
      connected.then(({ client, first }) => (client.isReady ? (client as unknown as RedisEvalClient) : first));
  } else {
    const client = options.redis;
    ready = () => Promise.resolve(client);
  }

  const run = async (script: string, args: (string | number)[]): Promise<number[]> =>
    (await runRaw(script, args)).map(Number);

  const runRaw = async (script: string, args: (string | number)[]): Promise<unknown[]> => {
    try {
      const reply = await withTimeout(
        ready().then((client) => client.eval(script, { keys: [key], arguments: args.map(String) })),
        OPERATION_TIMEOUT_MS,
        'quota decision',
      );
      return reply as unknown[];
    } catch (cause) {
      logger.error({ reason: String(cause) }, 'quota store: Redis unreachable; refusing upstream calls');
      throw new DomainError('SOURCE_UNAVAILABLE', 'Quota store unavailable; the source is not called', {
        cause,
        retryAfterSeconds: 5,
      });
    }
  };

  return {
    async reserve(limits, id): Promise<SlotDecision> {
      const [status, ms] = await run(RESERVE, [
        limits.rps,
        limits.rph,
        limits.secondWindowMs,
        limits.hourWindowMs,
        limits.maxWaitMs,
        id,
      ]);
      const value = ms ?? 0;
      if (status === 1) return { ok: true, waitMs: value };
      return { ok: false, limit: status === 2 ? 'hour' : 'second', retryAfterMs: value };
    },
    async release(id) {
      await run(RELEASE, [id]);
    },
    async usage(limits): Promise<HourUsage> {
      const [used, nextFreeInMs] = await run(USAGE, [limits.hourWindowMs]);
      return { used: used ?? 0, nextFreeInMs: nextFreeInMs ?? 0 };
    },
    async log(limits): Promise<QuotaLog> {
      const [now, ...entries] = (await runRaw(LOG, [limits.hourWindowMs])).map(String);
      const times: number[] = [];
      const ids: string[] = [];
      for (let i = 0; i + 1 < entries.length; i += 2) {
        ids.push(entries[i] as string);
        times.push(Number(entries[i + 1]));
      }
      return { now: Number(now), times, ids };
    },
    async absorb(calls, limits) {
      if (calls.length === 0) return;
      await run(ABSORB, [limits.hourWindowMs, ...calls.flatMap((call) => [call.id, call.at])]);
    },
    async close() {
      closed = true;
      if (owned?.isOpen) await owned.close();
    },
  };
}
