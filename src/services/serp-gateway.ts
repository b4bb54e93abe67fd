import { DomainError } from '../domain/errors.js';
import { createSingleFlight } from '../domain/single-flight.js';
import { canonicalPhrase } from '../domain/source-call.js';
import type { Cache } from '../ports/cache.js';
import type { CallLock } from '../ports/call-lock.js';
import type { Clock } from '../ports/clock.js';
import type { QuotaGuard } from '../ports/quota.js';
import type { SerpFormatName, SerpPage, SerpQuery, WebSearchSource } from '../ports/web-search.js';
import { type CoordinatedFetch, createCrossProcessFetch } from './cross-process-fetch.js';
import type { GatewayAnswer } from './source-gateway.js';

/** Which of the engine's modes a search goes by: an answer within the call, or an operation polled for minutes. */
export type SearchMode = 'sync' | 'deferred';

/** A mode's source and its budget (absent: unmetered, the demo). */
export interface SearchLane {
  source: WebSearchSource;
  quota?: QuotaGuard | undefined;
}

/** The one way to web search: cache first, one upstream call per page, stale on failure. */
export interface SerpGateway {
  page(query: SerpQuery, mode?: SearchMode): Promise<GatewayAnswer<SerpPage>>;
  /** True when the page would be answered from cache as a fresh HIT right now (spends nothing). */
  isFresh(query: SerpQuery): Promise<boolean>;
  /** The budget of a mode, for the plan before any call. */
  quota(mode: SearchMode): QuotaGuard | undefined;
  /** Whether the deferred mode is the engine's own (answers in minutes), not the sync mode standing in for it. */
  readonly hasDeferredMode: boolean;
}

/** The engine's deferred answers take at least this long (Yandex: "at least 5 minutes"): a task's ETA floor. */
export const DEFERRED_SEARCH_MIN_MS = 5 * 60_000;

export interface SerpGatewayOptions {
  sync: SearchLane;
  /** The deferred mode (tasks, big lists); without it, every search is synchronous. */
  deferred?: SearchLane | undefined;
  cache: Cache;
  clock: Clock;
  /** How long a page answers as a fresh HIT (SEARCH_CACHE_TTL). */
  freshTtlMs: number;
  /** How much longer it is kept to be served STALE when the engine fails (CACHE_STALE_TTL). */
  staleTtlMs: number;
  /** Cross-process coalescing (with the shared cache). */
  lock?: CallLock | undefined;
  /** How long a lock lives if its holder dies: above the longest search (default 60 s). */
  lockTtlMs?: number;
  /** The format the sources search in (SEARCH_RESPONSE_FORMAT, default xml): HTML pages are cached apart. */
  format?: SerpFormatName | undefined;
}

/**
 * The cache key of a page: the phrase as the service compares phrases (case, ё, spaces, invisible characters),
 * the region, the device and the depth, in a fixed order. Word order is kept: the engine ranks "окна купить"
 * and "купить окна" apart. One key for every face, key and operation that asks for the page.
 */
export function serpCallKey(query: SerpQuery, format: SerpFormatName = 'xml'): string {
  const key = `serp|${canonicalPhrase(query.phrase)}|r=${query.regionId}|d=${query.device}|n=${query.depth}`;
  // HTML pages hold the ads an XML page lacks: after a switch to HTML, an XML page must not answer as "no ads".
  // XML keeps the key it always had, so the pages cached before the switch stay valid.
  return format === 'html' ? `${key}|f=html` : key;
}

/** Failures a stale page may stand in for (the engine's, not a bug or a refused query). */
const STALE_SERVABLE = new Set(['SOURCE_QUOTA_EXHAUSTED', 'SOURCE_RATE_LIMITED', 'SOURCE_UNAVAILABLE', 'SOURCE_FAILED']);

/**
 * Web search behind the service's cache habits (as source-gateway.ts for Wordstat): a fresh page is answered from
 * the shared cache; concurrent asks for one page share one search (in this process, and across processes with a
 * lock); the page searched is the one the key names (the canonical phrase); a page is kept for its fresh TTL
 * plus the stale TTL, and served STALE when the engine fails. Both modes store under the same key: the page
 * does not depend on how it was fetched.
 */
export function createSerpGateway(options: SerpGatewayOptions): SerpGateway {
  const { cache, clock, freshTtlMs, staleTtlMs } = options;
  const namespace = 'serp:v1';
  const inFlight = createSingleFlight<string, SerpPage>();
  const lockTtlMs = options.lockTtlMs ?? 60_000;
  const coordinated: CoordinatedFetch = options.lock
    ? createCrossProcessFetch({ cache, lock: options.lock, clock, freshTtlMs, lockTtlMs, waitMs: lockTtlMs })
    : (_key, fetchAndStore) => fetchAndStore();
  const laneOf = (mode: SearchMode): SearchLane => (mode === 'deferred' && options.deferred ? options.deferred : options.sync);

  const fetchOnce = async (key: string, query: SerpQuery, mode: SearchMode) => {
    let fetched = false;
    const value = await inFlight.run(
      key,
      async () =>
        (await coordinated(key, async () => {
          fetched = true;
          const page = await laneOf(mode).source.search({ ...query, phrase: canonicalPhrase(query.phrase) });
          await cache.set(key, page, freshTtlMs + staleTtlMs);
          return page;
        })) as SerpPage,
    );
    return { value, fetched };
  };

  return {
    quota: (mode) => laneOf(mode).quota,
    hasDeferredMode: options.deferred !== undefined,
    async isFresh(query) {
      const entry = await cache.get<SerpPage>(`${namespace}:${serpCallKey(query, options.format)}`);
      return entry !== undefined && clock.now() - entry.storedAt < freshTtlMs;
    },
    async page(query, mode = 'sync') {
      const key = `${namespace}:${serpCallKey(query, options.format)}`;
      const before = clock.now();
      const stored = await cache.get<SerpPage>(key);
      const entry = stored && { ...stored, value: storedPage(stored.value) };
      if (entry && clock.now() - entry.storedAt < freshTtlMs) return { value: entry.value, status: 'HIT', freshUntil: entry.storedAt + freshTtlMs };
      try {
        const { value, fetched } = await fetchOnce(key, query, mode);
        return { value, status: fetched ? 'MISS' : 'HIT', freshUntil: before + freshTtlMs };
      } catch (error) {
        if (entry && error instanceof DomainError && STALE_SERVABLE.has(error.code)) return { value: entry.value, status: 'STALE' };
        throw error;
      }
    },
  };
}

/**
 * A cached page as the current port reads it: records stored before snippets were kept have none, and answer
 * `snippet: null` (the engine's text was not kept), never undefined or a crash.
 */
export function storedPage(page: SerpPage): SerpPage {
  if (page.results.every((r) => r.snippet !== undefined)) return page;
  return { ...page, results: page.results.map((r) => ({ ...r, snippet: r.snippet ?? null })) };
}
