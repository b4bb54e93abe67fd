import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClusterInput, clusterPhrases, type ClusterMode } from '../../src/domain/core/clusters.js';
import { urlKey } from '../../src/domain/core/url-key.js';

/*
 * Issue 28: grouping a core by shared result URLs. Hand-made pages where soft, moderate and hard must differ
 * exactly as defined, and properties over random pages.
 */

const u = (k: number) => `https://site${k}.ru/page${k}/`;

/*
 * A–B share 2, A–D share 2, B–C share 2, nothing else: with threshold 2,
 * soft is the star around A {A, B, D} (C only touches B, taken); moderate the chain {A, B, C, D};
 * hard {A, B} (D shares nothing with B), C and D alone.
 */
const CHAIN: ClusterInput[] = [
  { phrase: 'a', volume: 100, urls: [u(1), u(2), u(3), u(4)] },
  { phrase: 'b', volume: 90, urls: [u(1), u(2), u(5), u(6)] },
  { phrase: 'c', volume: 80, urls: [u(5), u(6), u(7)] },
  { phrase: 'd', volume: 70, urls: [u(3), u(4)] },
];

const shape = (mode: ClusterMode, inputs = CHAIN, threshold = 2) => {
  const result = clusterPhrases(inputs, { mode, threshold });
  return { clusters: result.clusters.map((c) => c.members.map((m) => m.phrase)), unclustered: result.unclustered.map((m) => m.phrase) };
};

describe('clusterPhrases: the three modes on a hand-made chain', () => {
  it('soft: a star around the highest-volume marker', () => {
    expect(shape('soft')).toEqual({ clusters: [['a', 'b', 'd']], unclustered: ['c'] });
  });
  it('moderate: the connected group', () => {
    expect(shape('moderate')).toEqual({ clusters: [['a', 'b', 'c', 'd']], unclustered: [] });
  });
  it('hard: every pair meets the threshold, greedy by volume', () => {
    expect(shape('hard')).toEqual({ clusters: [['a', 'b']], unclustered: ['c', 'd'] });
  });
  it('a higher threshold splits everything', () => {
    expect(shape('moderate', CHAIN, 3)).toEqual({ clusters: [], unclustered: ['a', 'b', 'c', 'd'] });
  });

  it('each cluster: marker, shared counts to it, total volume with duplicates once, dominant URLs and domains', () => {
    const inputs = [...CHAIN, { phrase: ' A ', volume: 40, urls: [u(9)] }];
    const [cluster] = clusterPhrases(inputs, { mode: 'soft', threshold: 2 }).clusters;
    expect(cluster!.marker).toBe('a');
    expect(cluster!.members).toEqual([
      { phrase: 'a', volume: 100, shared: 4 },
      { phrase: 'b', volume: 90, shared: 2 },
      { phrase: 'd', volume: 70, shared: 2 },
    ]);
    expect(cluster!.volume).toBe(260);
    expect(cluster!.urls.slice(0, 4)).toEqual([
      { url: 'site1.ru/page1', phrases: 2 },
      { url: 'site2.ru/page2', phrases: 2 },
      { url: 'site3.ru/page3', phrases: 2 },
      { url: 'site4.ru/page4', phrases: 2 },
    ]);
    expect(cluster!.domains[0]).toEqual({ domain: 'site1.ru', phrases: 2 });
  });

  it('ids are stable: the same input gives the same ids, and adding phrases keeps an id whose marker stays', () => {
    const first = clusterPhrases(CHAIN, { mode: 'hard', threshold: 2 });
    expect(clusterPhrases(CHAIN, { mode: 'hard', threshold: 2 }).clusters.map((c) => c.id)).toEqual(first.clusters.map((c) => c.id));
    const more = clusterPhrases([...CHAIN, { phrase: 'e', volume: 5, urls: [u(20), u(21)] }, { phrase: 'f', volume: 4, urls: [u(20), u(21)] }], { mode: 'hard', threshold: 2 });
    expect(more.clusters[0]!.id).toBe(first.clusters[0]!.id);
    expect(more.clusters).toHaveLength(2);
    expect(new Set(more.clusters.map((c) => c.id)).size).toBe(2);
  });

  it('URLs are compared without scheme, www., query string or trailing slash; stop-listed domains and home pages can be left out', () => {
    expect(urlKey('http://www.Shop.ru/catalog/?utm=1#top')).toEqual({ key: 'shop.ru/catalog', domain: 'shop.ru', home: false });
    expect(urlKey('https://shop.ru')).toEqual({ key: 'shop.ru', domain: 'shop.ru', home: true });
    expect(urlKey('ftp://shop.ru/x')).toBeUndefined();
    const pages: ClusterInput[] = [
      { phrase: 'x', volume: 10, urls: ['http://www.a.ru/p/?q=1', 'https://ru.wikipedia.org/wiki/X', 'https://b.ru/'] },
      { phrase: 'y', volume: 5, urls: ['https://a.ru/p', 'https://ru.wikipedia.org/wiki/X/', 'https://b.ru'] },
    ];
    expect(clusterPhrases(pages, { mode: 'hard', threshold: 3 }).clusters).toHaveLength(1);
    expect(clusterPhrases(pages, { mode: 'hard', threshold: 3, stopDomains: ['wikipedia'] }).clusters).toHaveLength(0);
    expect(clusterPhrases(pages, { mode: 'hard', threshold: 3, excludeHomePages: true }).clusters).toHaveLength(0);
    expect(clusterPhrases(pages, { mode: 'hard', threshold: 2, stopDomains: ['wikipedia.org'], excludeHomePages: false }).clusters).toHaveLength(1);
  });
});

describe('clusterPhrases: properties over random pages', () => {
  const pageArb = fc.uniqueArray(fc.integer({ min: 0, max: 14 }), { maxLength: 10 });
  const inputArb = fc.array(fc.record({ volume: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }), page: pageArb }), { minLength: 1, maxLength: 30 });
  const toInputs = (rows: { volume: number | null; page: number[] }[]): ClusterInput[] => rows.map((r, i) => ({ phrase: `p${i}`, volume: r.volume, urls: r.page.map(u) }));
  const sharedOf = (inputs: ClusterInput[]) => {
    const pages = new Map(inputs.map((input) => [input.phrase, new Set(input.urls)]));
    return (a: string, b: string) => [...pages.get(a)!].filter((url) => pages.get(b)!.has(url)).length;
  };
  const params = fc.record({ rows: inputArb, threshold: fc.integer({ min: 2, max: 5 }) });

  it('hard: every pair of a cluster meets the threshold', () => {
    fc.assert(
      fc.property(params, ({ rows, threshold }) => {
        const inputs = toInputs(rows);
        const shared = sharedOf(inputs);
        for (const cluster of clusterPhrases(inputs, { mode: 'hard', threshold }).clusters) {
          for (const a of cluster.members) for (const b of cluster.members) if (a !== b) expect(shared(a.phrase, b.phrase)).toBeGreaterThanOrEqual(threshold);
        }
      }),
    );
  });

  it('soft: every member meets the threshold with its marker, and says how many it shares', () => {
    fc.assert(
      fc.property(params, ({ rows, threshold }) => {
        const inputs = toInputs(rows);
        const shared = sharedOf(inputs);
        for (const cluster of clusterPhrases(inputs, { mode: 'soft', threshold }).clusters) {
          expect(cluster.members[0]!.phrase).toBe(cluster.marker);
          for (const member of cluster.members.slice(1)) {
            expect(member.shared).toBe(shared(cluster.marker, member.phrase));
            expect(member.shared).toBeGreaterThanOrEqual(threshold);
          }
        }
      }),
    );
  });

  it('every mode places each phrase once; moderate leaves no qualifying pair across groups', () => {
    fc.assert(
      fc.property(params, ({ rows, threshold }) => {
        const inputs = toInputs(rows);
        const shared = sharedOf(inputs);
        for (const mode of ['soft', 'moderate', 'hard'] as const) {
          const result = clusterPhrases(inputs, { mode, threshold });
          const placed = [...result.clusters.flatMap((c) => c.members.map((m) => m.phrase)), ...result.unclustered.map((m) => m.phrase)];
          expect(placed.sort()).toEqual(inputs.map((i) => i.phrase).sort());
          if (mode !== 'moderate') continue;
          const groupOf = new Map<string, number>();
          result.clusters.forEach((c, g) => c.members.forEach((m) => groupOf.set(m.phrase, g)));
          for (const a of inputs) for (const b of inputs) {
            if (a.phrase < b.phrase && shared(a.phrase, b.phrase) >= threshold) {
              expect(groupOf.get(a.phrase)).toBeDefined();
              expect(groupOf.get(a.phrase)).toBe(groupOf.get(b.phrase));
            }
          }
        }
      }),
    );
  });
});
