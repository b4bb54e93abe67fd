import { createSingleFlight } from '../../domain/single-flight.js';
import { createRegionCatalog, type RegionCatalog } from '../../domain/regions/catalog.js';
import { type Clock, systemClock } from '../../ports/clock.js';
import type { Logger } from '../../ports/logger.js';
import type { StatisticsSource } from '../../ports/statistics-source.js';
import { mergeRegionTree } from './region-tree-merge.js';

export interface RegionTreeProviderOptions {
  /** Where the tree comes from (GetRegionsTree is free at Wordstat). */
  source: Pick<StatisticsSource, 'regionTree'>;
  /** The catalog shipped in data/regions.json: served until a fetch succeeds, and the base of every merge. */
  shipped: RegionCatalog;
  /** How long a merged catalog stays fresh; default one day. */
  ttlMs?: number;
  /**
   * Wait after a failed fetch before trying again; default 5 minutes, doubled after each failure in a row, never
   * above ttlMs (a failing source used to be asked every 5 minutes for good).
   */
  retryAfterFailureMs?: number;
  /** English name of a region only the source knows (transliteration of the Russian label). */
  nameEn: (ru: string) => string;
  logger: Logger;
  clock?: Clock;
}

/** The region catalog as the source currently knows it. */
export interface RegionTreeProvider {
  /**
   * The last merged catalog, at once (never waits on the network). When it is stale, a background refresh
   * starts; until the first refresh succeeds (or when it fails) this is the shipped catalog.
   */
  current(): RegionCatalog;
  /** Fetches and merges now; resolves with the catalog in use afterwards (the old one if the fetch failed). */
  refresh(): Promise<RegionCatalog>;
}

const DAY_MS = 86_400_000;

/** Keeps a merged catalog (shipped + the source's tree) and refreshes it in the background when stale. */
export function createRegionTreeProvider(options: RegionTreeProviderOptions): RegionTreeProvider {
  const { source, shipped, nameEn, logger } = options;
  const clock = options.clock ?? systemClock;
  const ttlMs = options.ttlMs ?? DAY_MS;
  const retryAfterFailureMs = Math.min(options.retryAfterFailureMs ?? 5 * 60_000, ttlMs);

  let catalog = shipped;
  // The time after which current() starts a refresh: at once for the first call.
  let nextRefreshAt = Number.NEGATIVE_INFINITY;
  // One refresh at a time: callers during one share it.
  const refreshing = createSingleFlight<'tree', RegionCatalog>();
  let failuresInARow = 0;

  const refresh = (): Promise<RegionCatalog> =>
    refreshing.run('tree', async () => {
      try {
        const tree = await source.regionTree();
        const next = createRegionCatalog(mergeRegionTree(shipped, tree, nameEn));
        const added = next.all.length - shipped.all.length;
        catalog = next;
        nextRefreshAt = clock.now() + ttlMs;
        failuresInARow = 0;
        logger.info({ regions: next.all.length, added }, 'region tree refreshed from the source');
      } catch (error) {
        const retryInMs = Math.min(ttlMs, retryAfterFailureMs * 2 ** Math.min(failuresInARow, 20));
        failuresInARow++;
        nextRefreshAt = clock.now() + retryInMs;
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn({ reason, retryInMs }, 'region tree refresh failed; keeping the catalog in use');
      }
      return catalog;
    });

  return {
    current() {
      // A refresh in flight has not moved nextRefreshAt yet: refresh() joins it rather than starting another.
      if (clock.now() >= nextRefreshAt) void refresh();
      return catalog;
    },
    refresh,
  };
}
