import { describe, expect, it } from 'vitest';
import { presentSearchIntentItem, presentSerpOrganic } from '../../src/v3/presenters.js';

/*
 * The /v3 SERP item's `description` is the result's snippet (from the engine's passages or headline) when the
 * page carries one, null otherwise; and the Labs search_intent item from a core_intent row (docs/v3.md).
 */

const AT = { keyword: 'диван', locationCode: 1012, regionId: 213, languageCode: 'ru', device: 'desktop', datetime: '2026-11-27 00:00:00 +00:00' };

describe('/v3 presenters', () => {
  it('description: the snippet when the result has one, null when it is null or absent', () => {
    const page = {
      foundDocs: 42,
      results: [
        { position: 1, url: 'https://a.ru/', domain: 'a.ru', title: 'A', snippet: 'Диваны от производителя, доставка по Москве' },
        { position: 2, url: 'https://b.ru/', domain: 'b.ru', title: 'B', snippet: null },
        { position: 3, url: 'https://c.ru/', domain: 'c.ru', title: 'C' },
      ],
    };
    const result = presentSerpOrganic(page, AT);
    expect(result.items.map((item) => item.description)).toEqual(['Диваны от производителя, доставка по Москве', null, null]);
    expect(result.items.map((item) => item.rank_group)).toEqual([1, 2, 3]);
  });

  const row = (commerciality: number, cls: 'informational' | 'mixed' | 'commercial') => ({
    phrase: 'диван',
    commerciality,
    class: cls,
    components: { shops: 0.5, commercial_titles: 0.5, ads: null },
    geo: { region: 213, compare_region: 2, overlap: 0.4, dependent: true },
    home_pages: 1,
    found_docs: 1000,
    volume: 300,
    volume_source: 'wordstat' as const,
    kei: 90,
  });

  it.each([
    [84, 'commercial', { label: 'commercial', probability: 0.84 }, null],
    [12, 'informational', { label: 'informational', probability: 0.88 }, null],
    [55, 'mixed', { label: 'commercial', probability: 0.55 }, [{ label: 'informational', probability: 0.45 }]],
    [31, 'mixed', { label: 'informational', probability: 0.69 }, [{ label: 'commercial', probability: 0.31 }]],
  ] as const)('search_intent of commerciality %i (%s)', (score, cls, main, secondary) => {
    const item = presentSearchIntentItem(row(score, cls));
    expect(item.keyword).toBe('диван');
    expect(item.keyword_intent).toEqual(main);
    expect(item.secondary_keyword_intents).toEqual(secondary);
    expect(item).toMatchObject({ commerciality: score, class: cls, kei: 90 });
  });
});
