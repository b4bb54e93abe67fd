import { DomainError } from '../domain/errors.js';
import { type SourceCall, type SourceMethod, type SourceResults, sourceCallKey, upstreamCall } from '../domain/source-call.js';
import type { Cache } from '../ports/cache.js';
import type { CallLock } from '../ports/call-lock.js';
import type { Clock } from '../ports/clock.js';
import type { StatisticsSource } from '../ports/statistics-source.js';
import type { CallStatus } from './cache-status.js';
import { type CoordinatedFetch, createCrossProcessFetch } from './cross-process-fetch.js';
import { createWiderTop } from './wider-top.js';
import { createSingleFlight } from '../domain/single-flight.js';

export interface GatewayAnswer<T> {
  value: T;
  status: CallStatus;
  /**
   * Until when (clock ms) this answer is the fresh one: its entry's storedAt + the fresh TTL. An answer kept for
   * later hits (rest/hit-memo.ts) is kept no longer. Absent: unknown, so nothing built on it is kept.
   */
  freshUntil?: number;
}

/** The one way to the source: cache first, one upstream call per canonical request, stale on failure. */
export interface SourceGateway {
  call<M extends SourceMethod>(call: Extract<SourceCall, { method: M }>): Promise<GatewayAnswer<SourceResults[M]>>;
  /** True when the call would be answered from cache as a fresh HIT right now (spends nothing). */
  isFresh(call: SourceCall): Promise<boolean>;
}

export interface SourceGatewayOptions {
  source: StatisticsSource;
  cache: Cache;
  clock: Clock;
  /** How long an entry answers as a fresh HIT. */
  freshTtlMs: number;
  /** How much longer it is kept to be served STALE when the source fails. */
  staleTtlMs: number;
  /** Cache key prefix: bump the version when a cached shape changes. */
  namespace?: string;
  /**
   * Shared lock for coalescing across processes; give it with a shared cache (Redis), since waiters look for
   * the holder's value in the cache. Without it, coalescing is per process only.
   */
  lock?: CallLock;
  /** How long a lock lives if its holder dies; above the longest source call (default 30 s). */
  lockTtlMs?: number;
  /** How long a process waits for another's call before calling itself (default: lockTtlMs). */
  lockWaitMs?: number;
}

/** Source failures that a stale entry may stand in for (a bug on our side may not). */
const STALE_SERVABLE = new Set(['SOURCE_QUOTA_EXHAUSTED', 'SOURCE_RATE_LIMITED', 'SOURCE_UNAVAILABLE', 'SOURCE_FAILED']);

export function createSourceGateway(options: SourceGatewayOptions): SourceGateway {
  const { source, cache, clock, freshTtlMs, staleTtlMs } = options;
  // v2: entries written before the phrase sent upstream was the key's own phrase (issue 24, item 1) may hold
  // another spelling's answer, so they are left to expire unread.
  const namespace = options.namespace ?? 'v2';
  const inFlight = createSingleFlight<string, unknown>();
  const lockTtlMs = options.lockTtlMs ?? 30_000;
  const coordinated: CoordinatedFetch = options.lock
    ? createCrossProcessFetch({
        cache,
        lock: options.lock,
        clock,
        freshTtlMs,
        lockTtlMs,
        waitMs: options.lockWaitMs ?? lockTtlMs,
      })
    : (_key, fetchAndStore) => fetchAndStore();

  // What goes upstream is exactly what the key names (upstreamCall): a spelling the key folds (zero-width space,
  // soft hyphen, case, ё) never reaches the source, so no key's entry can hold another spelling's answer.
  const fetchFromSource = (asked: SourceCall): Promise<unknown> => {
    const call = upstreamCall(asked);
    switch (call.method) {
      case 'top':
        return source.top(call.query);
      case 'dynamics':
        return source.dynamics(call.query);
      case 'regions':
        return source.regions(call.query);
    }
  };

  const widerTop = createWiderTop({ cache, namespace, ttlMs: freshTtlMs, isFresh: (storedAt) => clock.now() - storedAt < freshTtlMs });

  const fetchAndStore = async (key: string, call: SourceCall): Promise<unknown> => {
    const value = await fetchFromSource(call);
    await cache.set(key, value, freshTtlMs + staleTtlMs);
    if (call.method === 'top') await widerTop.stored(call);
    return value;
  };

  // Concurrent identical calls share one upstream request (across processes too, given a lock); the entry is
  // written before waiters resume. Only the request whose call went upstream gets `fetched`: the others waited
  // for its answer and are repeats (30 coalesced requests were billed 30 full calls for one upstream call).
  const fetchOnce = async (key: string, call: SourceCall): Promise<{ value: unknown; fetched: boolean }> => {
    // Set only when this caller's own start runs: a caller that joined a flight in progress is a repeat.
    let fetched = false;
    const value = await inFlight.run(key, async () =>
      coordinated(key, () => {
        fetched = true;
        return fetchAndStore(key, call);
      }),
    );
    return { value, fetched };
  };

  return {
    async isFresh(call) {
      const entry = await cache.get<unknown>(`${namespace}:${sourceCallKey(call)}`);
      if (entry !== undefined && clock.now() - entry.storedAt < freshTtlMs) return true;
      return call.method === 'top' && (await widerTop.find(call)) !== undefined;
    },
    async call(call) {
      const key = `${namespace}:${sourceCallKey(call)}`;
      // Any answer stored after this entry was read is stored no earlier than now: a bound on the side of caution.
      const before = clock.now();
      const entry = await cache.get<never>(key);
      if (entry && clock.now() - entry.storedAt < freshTtlMs) return { value: entry.value, status: 'HIT', freshUntil: entry.storedAt + freshTtlMs };
      const asked = call as SourceCall;
      if (asked.method === 'top') {
        const cut = await widerTop.find(asked);
        if (cut) return { value: cut.value as never, status: 'HIT', freshUntil: cut.storedAt + freshTtlMs };
      }
      try {
        const { value, fetched } = await fetchOnce(key, call);
        return { value: value as never, status: fetched ? 'MISS' : 'HIT', freshUntil: before + freshTtlMs };
      } catch (error) {
        if (entry && error instanceof DomainError && STALE_SERVABLE.has(error.code)) {
          return { value: entry.value, status: 'STALE' };
        }
        throw error;
      }
    },
  };
}
