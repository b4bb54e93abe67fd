import { periodStarts } from '../../../src/domain/dates/periods.js';
import { canonicalPhrase, sourcePhrase } from '../../../src/domain/source-call.js';
import type {
  DynamicsQuery,
  DynamicsResult,
  PhraseCount,
  RegionCount,
  RegionsQuery,
  RegionsResult,
  SourceRegionNode,
  TopQuery,
  TopResult,
} from '../../../src/domain/types.js';
import type { SourceAnswers } from './source-answers.js';
import { FIXTURE_REGIONS } from '../catalog.js';

/**
 * The goldens' answers (the default of createFakeSource), numbers checkable by hand (test/golden/README.md):
 *
 * - dynamics: each period counts round(base × weight) + 100 × (month − 1), where base is MONTHLY_BASE of the
 *   phrase (100 for others), month is the calendar month of the period's date, and weight is the sum of
 *   REGION_WEIGHT over the region filter (1 with no filter: the source default scope, which /v1 uses for Russia). Periods counting 0 are left
 *   out, as a real source may do.
 * - top: TOP_PHRASES of the phrase, counts × weight, cut to numPhrases; others get their own row only.
 * - regions: REGION_ROWS for every phrase, total REGIONS_TOTAL, rows filtered by level.
 */
export const MONTHLY_BASE: Readonly<Record<string, number>> = {
  'купить ноутбук': 1000,
  пицца: 20_000,
  'редкий запрос': 0,
};

export const REGION_WEIGHT: Readonly<Record<number, number>> = { 225: 1, 213: 0.25, 2: 0.1 };
const OTHER_REGION_WEIGHT = 0.05;
const WORLD_WEIGHT = 1;

export const TOP_PHRASES: Readonly<Record<string, { totalCount: number; results: PhraseCount[]; associations: PhraseCount[] }>> = {
  ноутбук: {
    totalCount: 50_000,
    results: [
      { phrase: 'ноутбук', count: 50_000 },
      { phrase: 'купить ноутбук', count: 12_000 },
      { phrase: 'ноутбук lenovo', count: 8_000 },
      { phrase: 'ноутбук asus', count: 8_000 },
      { phrase: 'игровой ноутбук', count: 6_000 },
      { phrase: 'ноутбук  бу', count: 3_000 },
      { phrase: 'наклейки на ноутбук', count: 40 },
    ],
    associations: [
      { phrase: 'планшет', count: 9_000 },
      { phrase: 'Купить ноутбук', count: 11_000 },
      { phrase: 'НОУТБУК', count: 700 },
      { phrase: 'ультрабук', count: 2_500 },
      { phrase: 'ноутбук бу', count: 3_500 },
      { phrase: 'зарядка для ноутбука', count: 150 },
    ],
  },
};

/** Demand by region for every phrase: (regionId, count, affinityIndex). */
export const REGION_ROWS: readonly RegionCount[] = [
  { regionId: 225, count: 10_000, affinityIndex: 100 },
  { regionId: 3, count: 5_000, affinityIndex: 120 },
  { regionId: 1, count: 4_000, affinityIndex: 150 },
  { regionId: 213, count: 3_500, affinityIndex: 180.5 },
  { regionId: 17, count: 2_000, affinityIndex: 95 },
  { regionId: 10174, count: 1_800, affinityIndex: 130 },
  { regionId: 2, count: 1_500, affinityIndex: 140.25 },
  { regionId: 43, count: 400, affinityIndex: 90 },
  { regionId: 39, count: 300, affinityIndex: 60.5 },
];
/** The phrase's demand over all regions (the world): the one denominator of every share. */
export const REGIONS_TOTAL = 12_500;

const weightOf = (regions: readonly number[]) =>
  regions.length === 0 ? WORLD_WEIGHT : regions.reduce((sum, id) => sum + (REGION_WEIGHT[id] ?? OTHER_REGION_WEIGHT), 0);

/** MONTHLY_BASE by the words the service sends for dynamics (sorted where order cannot matter, as Wordstat reads them). */
const MONTHLY_BASE_BY_WORDS = new Map(Object.entries(MONTHLY_BASE).map(([phrase, base]) => [sourcePhrase('dynamics', phrase), base]));

/** The fixture as an answer model (see the rules above). */
export const fixtureAnswers: SourceAnswers = {
  dynamics(query: DynamicsQuery): DynamicsResult {
    const scaledBase = Math.round((MONTHLY_BASE_BY_WORDS.get(sourcePhrase('dynamics', query.phrase)) ?? 100) * weightOf(query.regions));
    const points = periodStarts(query.fromDate, query.toDate, query.period)
      .map((date) => ({ date, count: scaledBase + 100 * (Number(date.slice(5, 7)) - 1) }))
      .filter((p) => p.count > 0)
      .map((p) => ({ ...p, share: p.count / 1e9 }));
    return { points };
  },

  top(query: TopQuery): TopResult {
    const data = TOP_PHRASES[canonicalPhrase(query.phrase)];
    if (!data) return { totalCount: 100, results: [{ phrase: query.phrase, count: 100 }], associations: [] };
    const scale = (rows: PhraseCount[]) =>
      rows.slice(0, query.numPhrases).map((r) => ({ phrase: r.phrase, count: Math.round(r.count * weightOf(query.regions)) }));
    return {
      totalCount: Math.round(data.totalCount * weightOf(query.regions)),
      results: scale(data.results),
      associations: scale(data.associations),
    };
  },

  regions(query: RegionsQuery): RegionsResult {
    const wanted = { REGION_ALL: undefined, REGION_CITIES: 'city', REGION_REGIONS: 'region' }[query.level];
    const typeOf = (id: number) => FIXTURE_REGIONS.find((r) => r.id === id)?.type;
    return {
      rows: REGION_ROWS.filter((row) => wanted === undefined || typeOf(row.regionId) === wanted).map((row) => ({ ...row })),
      total: REGIONS_TOTAL,
    };
  },

  regionTree: () => toTree(null),
};

function toTree(parentId: number | null): SourceRegionNode[] {
  return FIXTURE_REGIONS.filter((r) => r.parentId === parentId).map((r) => ({ id: r.id, label: r.name, children: toTree(r.id) }));
}
