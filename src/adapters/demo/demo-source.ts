import { setTimeout as sleep } from 'node:timers/promises';
import type { RegionCatalog } from '../../domain/regions/catalog.js';
import { todayIn, toDayNumber } from '../../domain/dates/calendar.js';
import { canonicalPhrase } from '../../domain/source-call.js';
import type {
  DynamicsQuery,
  DynamicsResult,
  IsoDate,
  RegionCount,
  RegionLevel,
  RegionType,
  RegionsQuery,
  RegionsResult,
  SourceRegionNode,
  TopQuery,
  TopResult,
} from '../../domain/types.js';
import type { StatisticsSource } from '../../ports/statistics-source.js';
import { deviceMask, sumSelected } from './devices.js';
import { dynamicsSeries } from './dynamics-model.js';
import { createPhraseCounter } from './phrase-counter.js';
import { phraseParams, type PhraseParams } from './phrase-model.js';
import { phraseRegions, sumOver, type PhraseRegions } from './region-model.js';
import { createRegionTree } from './region-tree.js';
import { topAssociations, topResults } from './top-model.js';

export interface DemoSourceOptions {
  /** Simulated upstream latency per call, in milliseconds (default 0). */
  latencyMs?: number;
  /**
   * Today's date where the statistics are kept (default: Moscow's, from the system clock). "Last 30 days"
   * answers (top, regions) cover the 30 days before it, as the last 30 daily values of dynamics do.
   */
  today?: () => IsoDate;
}

interface PhraseState {
  params: PhraseParams;
  /** Filled by the first regions call of a day (a pass over the whole tree that top and dynamics do not need). */
  regions?: PhraseRegions;
  regionsDay?: number;
}

/** Enough for a busy demo; an entry holds a phrase's parameters and, once asked, its region counts (~20 KB). */
const CACHE_LIMIT = 256;

/**
 * Region levels a regions answer lists. 'other' regions (continents, the CIS group, municipal districts) are
 * left out at every level: they only regroup rows that are already there. They still work in region filters.
 */
const LEVEL_TYPES: Record<RegionLevel, ReadonlySet<RegionType>> = {
  REGION_ALL: new Set(['country', 'district', 'region', 'city']),
  REGION_CITIES: new Set(['city']),
  REGION_REGIONS: new Set(['region']),
};

/**
 * The built-in deterministic model of search demand (SOURCE=demo): same request, same numbers, on any
 * machine and day; magnitudes, seasonality, device and regional splits shaped like Wordstat's. "Last 30
 * days" answers (top, regions) count the 30 days before `today`, so top's totalCount is the sum of the last
 * 30 daily values of dynamics, within rounding.
 */
export function createDemoSource(catalog: RegionCatalog, options: DemoSourceOptions = {}): StatisticsSource {
  const latencyMs = Math.max(0, options.latencyMs ?? 0);
  const today = options.today ?? (() => todayIn('Europe/Moscow', Date.now()));
  // The last day a "last 30 days" answer covers: yesterday, the newest day daily dynamics shows complete.
  const lastDay = () => toDayNumber(today()) - 1;
  const tree = createRegionTree(catalog);
  const counter = createPhraseCounter(tree);
  const cache = new Map<string, PhraseState>();

  const stateOf = (phrase: string): PhraseState => {
    const key = canonicalPhrase(phrase);
    const hit = cache.get(key);
    if (hit) return hit;
    const state: PhraseState = { params: phraseParams(key) };
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, state);
    return state;
  };
  const regionsOf = (state: PhraseState, day: number): PhraseRegions => {
    if (state.regionsDay !== day || !state.regions) {
      state.regions = phraseRegions(tree, counter.shape(state.params.core), state.params, day);
      state.regionsDay = day;
    }
    return state.regions;
  };

  const settle = async (signal: AbortSignal | undefined) => {
    signal?.throwIfAborted();
    if (latencyMs > 0) await sleep(latencyMs, undefined, signal ? { signal } : {});
  };

  return {
    kind: 'demo',

    async top(query: TopQuery, signal?: AbortSignal): Promise<TopResult> {
      await settle(signal);
      const { params } = stateOf(query.phrase);
      // A phrase with operators (even a lone +) lists the rows of the same phrase without them (top-model.ts).
      const plain = params.plain !== params.phrase ? stateOf(params.plain).params : params;
      const filter = { regions: query.regions, mask: deviceMask(query.devices), lastDay: lastDay() };
      // The same count as every row of every top shows for this phrase.
      const totalCount = counter.count(params, filter.regions, filter.mask, filter.lastDay);
      return {
        totalCount,
        results: topResults(params, plain, counter, filter, totalCount, query.numPhrases),
        associations: topAssociations(plain, counter, filter, totalCount, query.numPhrases),
      };
    },

    async dynamics(query: DynamicsQuery, signal?: AbortSignal): Promise<DynamicsResult> {
      await settle(signal);
      const { params } = stateOf(query.phrase);
      const filtered = query.regions.length > 0;
      const share = filtered && params.volume30 > 0 ? counter.shape(params.core).share : undefined;
      const points = dynamicsSeries(params, {
        period: query.period,
        fromDate: query.fromDate,
        toDate: query.toDate,
        devices: query.devices,
        phraseFraction: share ? Math.min(1, sumOver(tree, share, query.regions)) : 1,
        allQueriesFraction: filtered ? Math.min(1, sumOver(tree, tree.baseShare, query.regions)) : 1,
      });
      return { points };
    },

    async regions(query: RegionsQuery, signal?: AbortSignal): Promise<RegionsResult> {
      await settle(signal);
      const regions = regionsOf(stateOf(query.phrase), lastDay());
      const mask = deviceMask(query.devices);
      const types = LEVEL_TYPES[query.level];
      const rows: RegionCount[] = [];
      tree.regions.forEach((region, i) => {
        if (!types.has(region.type)) return;
        const count = regions.counts.reduce((sum, counts, d) => (mask[d] ? sum + counts[i]! : sum), 0);
        const base = tree.baseShare[i]!;
        // Rows with no demand are omitted, as the upstream omits zero values.
        if (count === 0 || base <= 0) return;
        rows.push({ regionId: region.id, count, affinityIndex: (regions.share[i]! / base) * 100 });
      });
      rows.sort((a, b) => b.count - a.count || a.regionId - b.regionId);
      return { rows, total: sumSelected(regions.totals, mask) };
    },

    async regionTree(signal?: AbortSignal): Promise<SourceRegionNode[]> {
      await settle(signal);
      const build = (id: number, label: string): SourceRegionNode => ({
        id,
        label,
        children: catalog.children(id).map((child) => build(child.id, child.name)),
      });
      return tree.roots.map((i) => tree.regions[i]!).map((root) => build(root.id, root.name));
    },
  };
}
