import type { Config } from '../config/config.js';
import { createDemoSource } from '../adapters/demo/demo-source.js';
import { createQuotaScheduler } from '../adapters/quota/quota-scheduler.js';
import { createRegionTreeProvider, type RegionTreeProvider } from '../adapters/wordstat/region-tree-provider.js';
import { createUnconfiguredSource } from '../adapters/wordstat/unconfigured-source.js';
import { createWordstatSource } from '../adapters/wordstat/wordstat-source.js';
import { createLiveCatalog, type RegionCatalog } from '../domain/regions/catalog.js';
import { transliterate } from '../domain/regions/transliterate.js';
import { todayIn } from '../domain/dates/calendar.js';
import { type Clock, systemClock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { QuotaGuard } from '../ports/quota.js';
import type { QuotaLogPersistence } from '../ports/quota-log.js';
import type { SourceKind, StatisticsSource } from '../ports/statistics-source.js';

/** The statistics source the configuration asks for, with what comes with it. */
export interface SourceSetup {
  source: StatisticsSource;
  /** 'none' when data calls can only fail with 503 (asked for Wordstat without credentials, or production). */
  kind: SourceKind | 'none';
  /** The region tree requests see: the shipped one, or Wordstat's merged into it. */
  catalog: RegionCatalog;
  /** The upstream budget (Wordstat only). */
  quota?: QuotaGuard;
  close(): Promise<void>;
}

/** Picks and builds the source: demo, Wordstat behind the quota scheduler, or a source that answers 503. */
export function createSourceSetup(
  config: Config,
  shipped: RegionCatalog,
  logger: Logger,
  clock: Clock = systemClock,
  quotaLog?: QuotaLogPersistence,
): SourceSetup {
  if (config.sourceKind === 'demo') {
    logger.warn({ source: 'demo' }, 'SERVING THE DEMO SOURCE: model numbers, not Wordstat data (X-Source: demo)');
    // The demo's "last 30 days" end where the service's calendar says yesterday is.
    const today = () => todayIn(config.STATS_TIMEZONE, clock.now());
    return { source: createDemoSource(shipped, { today }), kind: 'demo', catalog: shipped, close: async () => {} };
  }
  if (config.sourceKind === 'none') {
    logger.error({ source: 'none' }, `no statistics source: ${config.sourceProblem}; data calls answer 503`);
    return { source: createUnconfiguredSource(config.sourceProblem), kind: 'none', catalog: shipped, close: async () => {} };
  }

  const scheduler = createQuotaScheduler({
    rps: config.WORDSTAT_RPS,
    rph: config.WORDSTAT_RPH,
    maxWaitMs: config.WORDSTAT_MAX_WAIT_MS,
    liveReserve: config.LIVE_RESERVE_CALLS,
    hourMs: config.WORDSTAT_HOUR_MS,
    redis: config.REDIS_URL,
    // Without Redis the hour of calls is kept in the ledger's database, so a restart does not forget it.
    persistence: config.REDIS_URL ? undefined : quotaLog,
    logger,
  });
  // The tree provider needs the source and the source reads the tree: tie the knot through a getter.
  let tree: RegionTreeProvider | undefined; // eslint-disable-line prefer-const -- assigned after the catalog that reads it
  const catalog = createLiveCatalog(() => tree?.current() ?? shipped);
  const wordstat = createWordstatSource({
    baseUrl: config.WORDSTAT_BASE_URL,
    apiKey: config.wordstat.apiKey,
    iamToken: config.wordstat.iamToken,
    folderId: config.wordstat.folderId,
    timeoutMs: config.WORDSTAT_TIMEOUT_MS,
    logger,
    catalog: () => catalog,
    // Every attempt, retries included, takes a slot: the service never provokes an upstream 429.
    gate: scheduler.acquire,
  });
  tree = createRegionTreeProvider({ source: wordstat, shipped, nameEn: transliterate, logger });
  logger.info({ source: 'wordstat', rps: config.WORDSTAT_RPS, rph: config.WORDSTAT_RPH }, 'serving Yandex Wordstat');
  return {
    source: wordstat,
    kind: 'wordstat',
    catalog,
    quota: scheduler,
    async close() {
      await wordstat.close();
      await scheduler.close();
    },
  };
}
