import type { Config } from '../config/config.js';
import { createDemoWebSearch } from '../adapters/demo/demo-search-results.js';
import { createQuotaScheduler, type QuotaScheduler } from '../adapters/quota/quota-scheduler.js';
import { createDeferredWebSearch } from '../adapters/search-results/serp-deferred.js';
import { createSyncWebSearch } from '../adapters/search-results/serp-sync.js';
import type { Cache } from '../ports/cache.js';
import type { CallLock } from '../ports/call-lock.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { SourceKind } from '../ports/statistics-source.js';
import type { WebSearchSource } from '../ports/web-search.js';
import { createSerpGateway, type SerpGateway } from '../services/serp-gateway.js';

/** Web search sources a caller (a test, a bench) supplies instead of the configured ones. */
export interface WebSearchOverride {
  sync: WebSearchSource;
  deferred?: WebSearchSource;
}

export interface WebSearchParts {
  cache: Cache;
  clock: Clock;
  logger: Logger;
  lock?: CallLock | undefined;
  /** The statistics source in use: demo gets the demo's pages; Wordstat's credentials serve web search too. */
  sourceKind: SourceKind | 'none';
  override?: WebSearchOverride | undefined;
}

export interface WebSearchSetup {
  gateway: SerpGateway;
  close(): Promise<void>;
}

/**
 * Web search from the configuration: the demo's pages in demo mode (unmetered); with Yandex credentials, the
 * sync and deferred Search API adapters (SEARCH_BASE_URL, else WORDSTAT_BASE_URL; SEARCH_OPERATIONS_BASE_URL),
 * each behind a quota scheduler of its own (SEARCH_SYNC_RPH / SEARCH_DEFERRED_RPH at SEARCH_RPS, shared across
 * processes through Redis when REDIS_URL is set); else none (serp answers 503). An override's sources are
 * metered by the same schedulers (and searched in the format they were made with). SEARCH_RESPONSE_FORMAT picks
 * XML or HTML pages (HTML carries the ads), and is part of the cache key. Pages are cached for SEARCH_CACHE_TTL, then kept CACHE_STALE_TTL for stale-if-error.
 */
export function createWebSearchSetup(config: Config, parts: WebSearchParts): WebSearchSetup | undefined {
  const format = config.SEARCH_RESPONSE_FORMAT;
  const common = { cache: parts.cache, clock: parts.clock, freshTtlMs: config.SEARCH_CACHE_TTL, staleTtlMs: config.CACHE_STALE_TTL, lock: parts.lock, format };
  if (!parts.override && parts.sourceKind === 'demo') {
    return { gateway: createSerpGateway({ ...common, sync: { source: createDemoWebSearch(format) } }), close: async () => {} };
  }
  if (!parts.override && (parts.sourceKind !== 'wordstat' || config.sourceKind !== 'wordstat')) return undefined;

  const scheduler = (lane: 'sync' | 'deferred', rph: number): QuotaScheduler =>
    createQuotaScheduler({
      rps: config.SEARCH_RPS,
      rph,
      maxWaitMs: config.WORDSTAT_MAX_WAIT_MS,
      liveReserve: 0,
      hourMs: config.WORDSTAT_HOUR_MS,
      redis: config.REDIS_URL,
      keyPrefix: `search-${lane}:`,
      logger: parts.logger,
    });
  const syncQuota = scheduler('sync', config.SEARCH_SYNC_RPH);
  const deferredQuota = scheduler('deferred', config.SEARCH_DEFERRED_RPH);
  const gate = (quota: QuotaScheduler) => () => quota.acquire('webSearch');

  let sync: WebSearchSource;
  let deferred: WebSearchSource | undefined;
  if (parts.override) {
    sync = gated(parts.override.sync, gate(syncQuota));
    deferred = parts.override.deferred && gated(parts.override.deferred, gate(deferredQuota));
  } else if (config.sourceKind === 'wordstat') {
    const wire = {
      baseUrl: config.SEARCH_BASE_URL ?? config.WORDSTAT_BASE_URL,
      apiKey: config.wordstat.apiKey,
      iamToken: config.wordstat.iamToken,
      folderId: config.wordstat.folderId,
      timeoutMs: config.WORDSTAT_TIMEOUT_MS,
      format,
    };
    sync = createSyncWebSearch({ ...wire, gate: gate(syncQuota) });
    deferred = createDeferredWebSearch({
      ...wire,
      gate: gate(deferredQuota),
      operationsBaseUrl: config.SEARCH_OPERATIONS_BASE_URL,
      pollIntervalMs: config.SEARCH_POLL_INTERVAL,
    });
  } else {
    return undefined;
  }
  return {
    gateway: createSerpGateway({ ...common, sync: { source: sync, quota: syncQuota }, deferred: deferred && { source: deferred, quota: deferredQuota } }),
    async close() {
      await syncQuota.close();
      await deferredQuota.close();
    },
  };
}

/** A supplied source behind a budget gate: each search takes its slot first, as the real adapters do. */
function gated(source: WebSearchSource, gate: () => Promise<void>): WebSearchSource {
  return {
    mode: source.mode,
    async search(query, signal) {
      await gate();
      return source.search(query, signal);
    },
  };
}
