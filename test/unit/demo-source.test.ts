import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import type { TopQuery } from '../../src/domain/types.js';
import { mayNameCity } from './demo-arbitraries.js';
import { samplePhrases, wordCount, DEMO_TODAY } from './demo-phrases.js';

const catalog = loadRegionCatalog();
const phrases = samplePhrases(200);
const top = (phrase: string, extra: Partial<TopQuery> = {}): TopQuery => ({
  phrase,
  numPhrases: 2000,
  regions: [],
  devices: [],
  ...extra,
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('demo source: determinism', () => {
  it('two instances give the same answers to every call', async () => {
    const a = createDemoSource(catalog, { today: () => DEMO_TODAY });
    const b = createDemoSource(catalog, { today: () => DEMO_TODAY });
    for (const phrase of phrases) {
      expect(await a.top(top(phrase))).toEqual(await b.top(top(phrase)));
      expect(await a.regions({ phrase, level: 'REGION_ALL', devices: [] })).toEqual(
        await b.regions({ phrase, level: 'REGION_ALL', devices: [] }),
      );
    }
    for (const phrase of phrases.slice(0, 40)) {
      const query = {
        phrase,
        period: 'PERIOD_WEEKLY' as const,
        fromDate: '2025-01-06',
        toDate: '2025-06-29',
        regions: [2],
        devices: ['DEVICE_PHONE' as const],
      };
      expect(await a.dynamics(query)).toEqual(await b.dynamics(query));
    }
  });

  it('treats case and extra spaces as the same phrase', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    const plain = await source.top(top('купить слона'));
    const messy = await source.top(top('  Купить   СЛОНА ')); // same canonical phrase
    expect(messy).toEqual(plain);
  });

  describe('wall clock', () => {
    afterEach(() => vi.useRealTimers());

    it('answers depend on the given today only, not on the wall clock; dynamics for fixed dates not even on today', async () => {
      const query = { phrase: 'диван', period: 'PERIOD_DAILY' as const, fromDate: '2025-03-01', toDate: '2025-03-31', regions: [], devices: [] };
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
      const then = createDemoSource(catalog, { today: () => DEMO_TODAY });
      const earlier = [await then.top(top('диван')), await then.dynamics(query)];
      vi.setSystemTime(new Date('2031-07-15T12:00:00Z'));
      const now = createDemoSource(catalog, { today: () => DEMO_TODAY });
      expect([await now.top(top('диван')), await now.dynamics(query)]).toEqual(earlier);
      const summer = createDemoSource(catalog, { today: () => '2026-07-01' });
      expect(await summer.dynamics(query)).toEqual(earlier[1]);
      expect((await summer.top(top('диван'))).totalCount).not.toBe((earlier[0] as { totalCount: number }).totalCount);
    });
  });
});

describe('demo source: magnitudes', () => {
  it('scales volume with the number of words, like Wordstat monthly numbers', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    const byWords = new Map<number, number[]>();
    for (const phrase of phrases) {
      const { totalCount } = await source.top(top(phrase));
      const n = Math.min(wordCount(phrase), 4);
      if (totalCount > 0) byWords.set(n, [...(byWords.get(n) ?? []), totalCount]);
    }
    const within = (words: number, min: number, max: number) => {
      for (const count of byWords.get(words)!) {
        expect(count).toBeGreaterThanOrEqual(min);
        expect(count).toBeLessThanOrEqual(max);
      }
    };
    // One word: the ceiling 10^7.1 × a factor in [10^-1.9, 0.5] (table entries 4·10^4–6·10^6), times the
    // last 30 days' season and trend (0.15–2). Two words: one more factor and a pair penalty of at most 4×,
    // so 10^2.3–10^6.5. Longer phrases spread wider (1 up to ~10^5 for four common words) but sit around
    // Wordstat's 10–10^3 for long phrases.
    within(1, 10 ** 4.3, 10 ** 7.1);
    within(2, 10 ** 2.3, 10 ** 6.5);
    within(4, 1, 10 ** 5); // four words or more
    expect(median(byWords.get(4)!)).toBeGreaterThan(10);
    expect(median(byWords.get(4)!)).toBeLessThan(1e3);
    // Each extra word lowers the typical volume.
    expect(median(byWords.get(1)!)).toBeGreaterThan(median(byWords.get(2)!));
    expect(median(byWords.get(2)!)).toBeGreaterThan(median(byWords.get(3)!));
    expect(median(byWords.get(3)!)).toBeGreaterThan(median(byWords.get(4)!));
  });

  it('keeps every month of a one-word phrase within an order of magnitude of the 10^5–10^7 band', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    for (const phrase of phrases.filter((p) => wordCount(p) === 1)) {
      const { points } = await source.dynamics({
        phrase, period: 'PERIOD_MONTHLY', fromDate: '2024-01-01', toDate: '2025-12-31', regions: [], devices: [],
      });
      for (const point of points) {
        expect(point.count).toBeGreaterThan(1e4);
        expect(point.count).toBeLessThan(1e8);
      }
    }
  });

  it('has phrases with no demand at all: some long ones, and gibberish', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    const long = phrases.filter((p) => wordCount(p) >= 4);
    const zeros: string[] = [];
    for (const phrase of long) if ((await source.top(top(phrase))).totalCount === 0) zeros.push(phrase);
    expect(zeros.length).toBeGreaterThan(0);
    expect(zeros.length).toBeLessThan(long.length / 2);
    // Short phrases of real words always have demand.
    for (const phrase of phrases.filter((p) => wordCount(p) <= 2)) {
      expect((await source.top(top(phrase))).totalCount).toBeGreaterThan(0);
    }
    for (const gibberish of ['ghjcnj', 'купить фывпрлд', 'ывпрстк']) {
      expect(await source.top(top(gibberish))).toEqual({ totalCount: 0, results: [], associations: [] });
      expect(await source.regions({ phrase: gibberish, level: 'REGION_ALL', devices: [] })).toEqual({ rows: [], total: 0 });
      const { points } = await source.dynamics({
        phrase: gibberish, period: 'PERIOD_MONTHLY', fromDate: '2025-01-01', toDate: '2025-03-31', regions: [], devices: [],
      });
      expect(points.map((p) => [p.count, p.share])).toEqual([[0, 0], [0, 0], [0, 0]]);
    }
  });
});

describe('demo source: top', () => {
  it('lists the phrase first, then queries containing it, sorted, within totalCount and numPhrases', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    const problems: string[] = [];
    for (const phrase of phrases) {
      for (const numPhrases of [1, 7, 50, 2000]) {
        const { totalCount, results } = await source.top(top(phrase, { numPhrases }));
        if (totalCount === 0) {
          expect(results).toEqual([]);
          continue;
        }
        expect(results[0]).toEqual({ phrase, count: totalCount });
        expect(results.length).toBeLessThanOrEqual(numPhrases);
        expect(new Set(results.map((r) => r.phrase)).size).toBe(results.length);
        // Collected rather than asserted row by row: 10^5 expect() calls would dominate the run time.
        results.forEach((row, i) => {
          if (!row.phrase.includes(phrase)) problems.push(`${row.phrase} lacks ${phrase}`);
          if (row.count <= 0 || row.count > totalCount) problems.push(`${row.phrase}: ${row.count} of ${totalCount}`);
          if (i > 0 && row.count > results[i - 1]!.count) problems.push(`${row.phrase} out of order`);
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('honours numPhrases up to 2000 for popular phrases, and gives rare phrases fewer rows', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    // Goods take ~77 modifiers (and their pairs): enough for 2000 rows. Other kinds have shorter lists.
    for (const phrase of ['диван', 'ноутбук', 'велосипед', 'шины', 'платье', 'куртка', 'теплица']) {
      expect((await source.top(top(phrase, { numPhrases: 2000 }))).results).toHaveLength(2000);
    }
    // A city alone takes no second city, so it has fewer rows (and they are smaller everywhere but there).
    for (const phrase of phrases.filter((p) => wordCount(p) === 1 && !mayNameCity(p))) {
      expect((await source.top(top(phrase, { numPhrases: 2000 }))).results.length).toBeGreaterThan(400);
    }
    for (const phrase of phrases.filter((p) => wordCount(p) >= 5)) {
      expect((await source.top(top(phrase, { numPhrases: 2000 }))).results.length).toBeLessThan(2000);
    }
  });

  it('answers a smaller numPhrases with the head of the longer list', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    for (const phrase of phrases.slice(0, 60)) {
      const full = await source.top(top(phrase, { numPhrases: 2000 }));
      const head = await source.top(top(phrase, { numPhrases: 20 }));
      expect(head.results).toEqual(full.results.slice(0, 20));
    }
  });

  it('gives associations that do not contain the phrase, sorted by count', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    const problems: string[] = [];
    let seen = 0;
    for (const phrase of phrases) {
      const { totalCount, associations } = await source.top(top(phrase, { numPhrases: 50 }));
      if (totalCount === 0) expect(associations).toEqual([]);
      expect(associations.length).toBeLessThanOrEqual(50);
      seen += associations.length;
      associations.forEach((row, i) => {
        if (row.phrase.includes(phrase)) problems.push(`${row.phrase} contains ${phrase}`);
        if (row.count <= 0) problems.push(`${row.phrase}: ${row.count}`);
        if (i > 0 && row.count > associations[i - 1]!.count) problems.push(`${row.phrase} out of order`);
      });
    }
    expect(problems).toEqual([]);
    expect(seen).toBeGreaterThan(phrases.length);
  });

  it('splits totalCount across devices exactly', async () => {
    const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
    for (const phrase of phrases) {
      for (const regions of [[], [213], [3, 149]]) {
        const all = (await source.top(top(phrase, { regions, numPhrases: 1 }))).totalCount;
        let sum = 0;
        for (const device of ['DEVICE_DESKTOP', 'DEVICE_PHONE', 'DEVICE_TABLET'] as const) {
          sum += (await source.top(top(phrase, { regions, devices: [device], numPhrases: 1 }))).totalCount;
        }
        expect(sum).toBe(all);
      }
    }
  });
});

describe('demo source: region tree, latency', () => {
  it('returns the catalog as a forest with source labels', async () => {
    const forest = await createDemoSource(catalog, { today: () => DEMO_TODAY }).regionTree();
    const ids: number[] = [];
    const walk = (nodes: typeof forest, parentId: number | null) => {
      for (const node of nodes) {
        ids.push(node.id);
        expect(catalog.get(node.id)?.parentId ?? null).toBe(parentId);
        expect(node.label).toBe(catalog.get(node.id)?.name);
        walk(node.children, node.id);
      }
    };
    walk(forest, null);
    expect(ids.sort((a, b) => a - b)).toEqual(catalog.all.map((r) => r.id).sort((a, b) => a - b));
  });

  it('waits latencyMs before answering and stops when aborted', async () => {
    const slow = createDemoSource(catalog, { latencyMs: 40, today: () => DEMO_TODAY });
    const started = performance.now();
    await slow.top(top('слон'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);

    const controller = new AbortController();
    const pending = slow.regions({ phrase: 'слон', level: 'REGION_ALL', devices: [] }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect(createDemoSource(catalog, { today: () => DEMO_TODAY }).top(top('слон'), controller.signal)).rejects.toThrow();
  });
});
