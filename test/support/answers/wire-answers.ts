import { periodStarts } from '../../../src/domain/dates/periods.js';
import type { RegionCount, RegionLevel, SourceRegionNode } from '../../../src/domain/types.js';
import type { SourceAnswers } from './source-answers.js';

/*
 * A small, hand-checkable model for the fake Wordstat server (test/adapters/support/wordstat-harness.ts). Numbers are chosen to exercise the wire quirks:
 * a zero count (omitted on the wire), a count beyond 32 bits, a phrase with no data at all (every field
 * omitted), nested region rows, and tree nodes the shipped catalog does not know.
 */

/** totalCount of phrase `p` (not "пусто", not "big"): 10 000 + 100 per character. */
export const fixtureTotal = (phrase: string) => 10_000 + 100 * [...phrase].length;

/** A count beyond int32, to check int64 strings survive. */
export const BIG_COUNT = 5_000_000_000;

/** Dynamics count of the i-th period: 100·(i+1), except the second period, which is 0. */
export const fixtureDynamicsCount = (i: number) => (i === 1 ? 0 : 100 * (i + 1));

/** Regions rows per level (ids from data/regions.json; counts keep child ≤ parent). */
export const FIXTURE_REGION_ROWS: Record<RegionLevel, RegionCount[]> = {
  REGION_ALL: [
    { regionId: 225, count: 1000, affinityIndex: 100 },
    { regionId: 149, count: 200, affinityIndex: 87.5 },
    { regionId: 3, count: 600, affinityIndex: 110 },
    { regionId: 1, count: 500, affinityIndex: 120.25 },
    { regionId: 213, count: 400, affinityIndex: 130 },
    { regionId: 2, count: 150, affinityIndex: 90 },
    { regionId: 10645, count: 0, affinityIndex: 0 },
  ],
  REGION_CITIES: [
    { regionId: 213, count: 400, affinityIndex: 130 },
    { regionId: 2, count: 150, affinityIndex: 90 },
    { regionId: 157, count: 90, affinityIndex: 70 },
  ],
  REGION_REGIONS: [
    { regionId: 1, count: 500, affinityIndex: 120.25 },
    { regionId: 10174, count: 160, affinityIndex: 95 },
  ],
};

/** Russia › Центр › Москва и область › {Москва, Новая Деревня*}, plus an unknown root with a child (* unknown ids). */
export const FIXTURE_TREE: SourceRegionNode[] = [
  {
    id: 225,
    label: 'Россия',
    children: [
      {
        id: 3,
        label: 'Центральный федеральный округ',
        children: [
          {
            id: 1,
            label: 'Москва и Московская область',
            children: [
              { id: 213, label: 'Москва', children: [] },
              { id: 990001, label: 'Новая Деревня', children: [] },
            ],
          },
          { id: 990002, label: 'Тестовая область', children: [] },
        ],
      },
    ],
  },
  { id: 990100, label: 'Антарктида', children: [{ id: 990101, label: 'Станция Восток', children: [] }] },
];

/** The wire fixture as an answer model (served through createFakeSource, kind 'demo': a model, not Wordstat). */
export const wireAnswers: SourceAnswers = {
  top(query) {
    if (query.phrase === 'пусто') return { totalCount: 0, results: [], associations: [] };
    const total = query.phrase === 'big' ? BIG_COUNT : fixtureTotal(query.phrase);
    const results = [{ phrase: query.phrase, count: total }];
    for (let i = 1; i < Math.min(query.numPhrases, 3); i++) {
      results.push({ phrase: `${query.phrase} ${i}`, count: i === 2 ? 0 : Math.floor(total / (i + 1)) });
    }
    return { totalCount: total, results, associations: [{ phrase: 'сколько стоит пудель', count: 613 }] };
  },
  dynamics(query) {
    const starts = periodStarts(query.fromDate, query.toDate, query.period);
    return {
      points: starts.map((date, i) => {
        const count = fixtureDynamicsCount(i);
        return { date, count, share: count / 1_000_000 };
      }),
    };
  },
  regions(query) {
    const rows = FIXTURE_REGION_ROWS[query.level];
    return { rows, total: rows.reduce((s, r) => s + r.count, 0) };
  },
  regionTree: () => FIXTURE_TREE,
};
