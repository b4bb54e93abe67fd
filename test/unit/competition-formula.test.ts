import { describe, expect, it } from 'vitest';
import {
  competitionScore,
  foundDocsScore,
  isBigCommercialDomain,
  normalizeDomain,
  TOP_SIZE,
} from '../../src/domain/competition.js';

const TEN_BIG = ['avito.ru', 'ozon.ru', 'wildberries.ru', 'market.yandex.ru', 'dns-shop.ru', 'mvideo.ru', 'citilink.ru', 'lamoda.ru', 'hh.ru', 'cian.ru'];

describe('competition formula', () => {
  it('is 0 for an empty page and 1 for a saturated page of ten distinct big domains', () => {
    expect(competitionScore({ foundDocs: 0, topDomains: [] })).toBe(0);
    expect(competitionScore({ foundDocs: 1e9, topDomains: TEN_BIG })).toBe(1);
  });

  it('matches a hand computation: 0.5 × 6/9 + 0.35 × 3/10 + 0.15 × 5/10 = 0.5133 → 0.51', () => {
    // log10(1 + 999 999) = 6 exactly; three big domains (www. and a city subdomain count), five distinct.
    const page = { foundDocs: 999_999, topDomains: ['ozon.ru', 'www.wildberries.ru', 'spb.avito.ru', 'ru.wikipedia.org', 'habr.com'] };
    expect(competitionScore(page)).toBe(0.51);
  });

  it('is non-decreasing in the number of documents, the domains fixed', () => {
    const domains = ['ozon.ru', 'habr.com', 'vk.com'];
    const counts = [0, 1, 9, 10, 99, 1000, 12_345, 1e6, 5e7, 1e9, 1e10, 1e12];
    const scores = counts.map((foundDocs) => competitionScore({ foundDocs, topDomains: domains }));
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeGreaterThanOrEqual(scores[i - 1]!);
    // And it does move: many documents score clearly above none.
    expect(scores.at(-1)! - scores[0]!).toBeCloseTo(0.5, 2);
  });

  it('rises with each big domain that replaces a small one, the rest fixed', () => {
    const small = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example'];
    let previous = -1;
    for (let big = 0; big <= small.length; big++) {
      const domains = [...TEN_BIG.slice(0, big), ...small.slice(big)];
      const score = competitionScore({ foundDocs: 50_000, topDomains: domains });
      expect(score).toBeGreaterThan(previous);
      previous = score;
    }
  });

  it('stays in [0, 1] for any input, including nonsense counts', () => {
    const counts = [-5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.5, 1e300];
    const domainLists = [[], ['', '  '], TEN_BIG, [...TEN_BIG, ...TEN_BIG], ['x.example']];
    for (const foundDocs of counts) {
      for (const topDomains of domainLists) {
        const score = competitionScore({ foundDocs, topDomains });
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
    }
  });

  it('treats a nonsense document count as no signal', () => {
    expect(foundDocsScore(-1)).toBe(0);
    expect(foundDocsScore(Number.NaN)).toBe(0);
    expect(foundDocsScore(Number.POSITIVE_INFINITY)).toBe(0);
    expect(foundDocsScore(1e20)).toBe(1);
  });

  it('looks only at the first ten slots; a short page never scores above a full one', () => {
    const eleventhBig = [...Array.from({ length: TOP_SIZE }, (_, i) => `site${i}.example`), 'ozon.ru'];
    const tenSmall = eleventhBig.slice(0, TOP_SIZE);
    expect(competitionScore({ foundDocs: 1000, topDomains: eleventhBig })).toBe(competitionScore({ foundDocs: 1000, topDomains: tenSmall }));
    expect(competitionScore({ foundDocs: 1000, topDomains: tenSmall.slice(0, 3) })).toBeLessThan(
      competitionScore({ foundDocs: 1000, topDomains: tenSmall }),
    );
  });

  it('counts a repeated domain once for diversity but in every slot it holds for the big share', () => {
    // 0.5 × 0 + 0.35 × 3/10 + 0.15 × 1/10 = 0.12
    expect(competitionScore({ foundDocs: 0, topDomains: ['ozon.ru', 'OZON.ru', 'www.ozon.ru.'] })).toBe(0.12);
  });

  it('recognises big domains by suffix at a dot only', () => {
    expect(isBigCommercialDomain('m.avito.ru')).toBe(true);
    expect(isBigCommercialDomain('WWW.Market.Yandex.RU')).toBe(true);
    expect(isBigCommercialDomain('notozon.ru')).toBe(false);
    expect(isBigCommercialDomain('yandex.ru')).toBe(false);
    expect(isBigCommercialDomain('ru.wikipedia.org')).toBe(false);
    expect(normalizeDomain(' WWW.Example.COM. ')).toBe('example.com');
  });
});
