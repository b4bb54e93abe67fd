import type { Cache } from '../ports/cache.js';
import { type DependencyCheck, type DependencyHealth, reportsHealth } from '../ports/health.js';
import type { Ledger } from '../ports/ledger.js';
import type { SourceKind, StatisticsSource } from '../ports/statistics-source.js';

export interface ReadinessParts {
  source: StatisticsSource;
  /** 'none': no source is configured, the instance is not ready. */
  sourceKind: SourceKind | 'none';
  cache: Cache;
  ledger: Ledger;
  /** The upstream budget (Wordstat's scheduler), when the source has one: degraded while Redis is away. */
  quota?: unknown;
  /** Deadline of one probe; a probe that takes longer counts as degraded. */
  timeoutMs?: number;
}

type CheckResult = Awaited<ReturnType<DependencyCheck['check']>>;

async function probe(part: unknown, fallback: string, timeoutMs: number): Promise<CheckResult> {
  if (!reportsHealth(part)) return { ok: true, detail: fallback };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DependencyHealth>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down', detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    const health = await Promise.race([part.checkHealth(), timeout]);
    // Any outage of a configured part still leaves a serving instance (a cache outage is a miss, the ledger
    // buffers, the source's answers are cached): report it as degraded rather than pull the instance out of
    // the load balancer, where every instance would be pulled out together.
    if (health.status === 'ok') return { ok: true, ...(health.detail ? { detail: health.detail } : {}) };
    return { ok: true, degraded: true, detail: health.detail ?? health.status };
  } catch (error) {
    return { ok: true, degraded: true, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The /readyz checks of source, cache and ledger. Not ready only when no source is configured; a part that
 * reports trouble makes the instance `degraded` (still 200) with the reason in the body.
 */
export function createDependencyChecks(parts: ReadinessParts): DependencyCheck[] {
  const timeoutMs = parts.timeoutMs ?? 2000;
  return [
    {
      name: 'source',
      check: async () =>
        parts.sourceKind === 'none'
          ? { ok: false, detail: 'no statistics source is configured (set YANDEX_API_KEY and YANDEX_FOLDER_ID, or SOURCE=demo)' }
          : probe(parts.source, parts.sourceKind, timeoutMs),
    },
    { name: 'cache', check: () => probe(parts.cache, 'in-process', timeoutMs) },
    { name: 'ledger', check: () => probe(parts.ledger, 'in-process', timeoutMs) },
    ...(parts.quota === undefined ? [] : [{ name: 'quota', check: () => probe(parts.quota, 'in-process', timeoutMs) }]),
  ];
}
