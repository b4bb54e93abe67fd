import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSearchApps } from '../support/search-apps.js';
import { graphql, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';

/*
 * Issue 28: POST /v2/core/intent on the web-search fake (the demo's pages) and the fake Wordstat: two searches per
 * distinct phrase (the asked and the comparison region), one Wordstat call per phrase sent without a volume, the
 * pages shared with serp and core_clusters; the figures recomputed here from the pages serp shows and the data
 * list; bad input refused naming the field before any call.
 */

const search = useSearchApps();
const setup = () => search.app();

const COMMERCIAL = 'купить пластиковые окна';
const INFORMATIONAL = 'как мыть пластиковые окна';
const commerce = JSON.parse(readFileSync(new URL('../../data/core/commerce.json', import.meta.url), 'utf8')) as { shopDomains: string[] };

interface Row {
  phrase: string;
  commerciality: number;
  class: string;
  components: { shops: number; commercial_titles: number; ads: { score: number; text_ads: number; product_gallery: boolean } | null };
  geo: { region: number; compare_region: number; overlap: number | null; dependent: boolean | null };
  home_pages: number;
  found_docs: number;
  volume: number | null;
  volume_source: string;
  kei: number | null;
}

describe('core_intent: POST /v2/core/intent, MCP core_intent, GraphQL coreIntent', { timeout: 60_000 }, () => {
  it('reads each phrase from its top 10 in two regions: two searches per phrase, Wordstat only for volumes not sent', async () => {
    const app = setup();
    const response = await post(app, '/v2/core/intent', { phrases: [{ phrase: COMMERCIAL, volume: 5000 }, INFORMATIONAL, 'Купить  пластиковые окна'] });
    expect(response.status, response.text).toBe(200);
    expect(search.fake.calls.search).toBe(4);
    expect(search.wordstat.count('top')).toBe(1);
    const [commercial, informational] = response.json.phrases as Row[];
    expect(response.json.phrases).toHaveLength(2);
    expect(commercial!.commerciality).toBeGreaterThan(informational!.commerciality);
    expect(informational!.class).toBe('informational');
    expect(commercial!.volume_source).toBe('client');
    expect(informational!.volume_source).toBe('wordstat');
    expect(commercial!.geo).toMatchObject({ region: 213, compare_region: 2 });

    // The figures from the page serp shows (a cache hit: no search).
    const page = await post(app, '/v2/stats/serp', { phrase: COMMERCIAL });
    expect(page.headers.get('x-cache')).toBe('HIT');
    const top10 = (page.json.results as { url: string; domain: string; title: string }[]).slice(0, 10);
    const shops = top10.filter((r) => commerce.shopDomains.some((d) => r.domain === d || r.domain.endsWith(`.${d}`))).length / top10.length;
    expect(commercial!.components.shops).toBeCloseTo(shops, 2);
    const homes = top10.filter((r) => new URL(r.url).pathname.replace(/\/+$/, '') === '').length;
    expect(commercial!.home_pages).toBe(homes);
    expect(commercial!.found_docs).toBe(page.json.found_docs);
    expect(commercial!.kei).toBeCloseTo((5000 * 5000) / page.json.found_docs, 2);
    expect(commercial!.commerciality).toBe(Math.round(100 * (0.6 * commercial!.components.shops + 0.4 * commercial!.components.commercial_titles)));
    const spb = await post(app, '/v2/stats/serp', { phrase: COMMERCIAL, region: 2 });
    expect(spb.headers.get('x-cache')).toBe('HIT');
    const key = (u: string) => new URL(u).host.replace(/^www\./, '') + new URL(u).pathname.replace(/\/+$/, '');
    const theirs = new Set((spb.json.results as { url: string }[]).slice(0, 10).map((r) => key(r.url)));
    const mine = [...new Set(top10.map((r) => key(r.url)))];
    expect(commercial!.geo.overlap).toBeCloseTo(mine.filter((k) => theirs.has(k)).length / mine.length, 2);
    expect(commercial!.geo.dependent).toBe(commercial!.geo.overlap! < 0.5);
    expect(search.fake.calls.search).toBe(4);

    // core_clusters reads the same pages (same default device and depth): no search.
    const clusters = await post(app, '/v2/core/clusters', { phrases: [COMMERCIAL, INFORMATIONAL] });
    expect(clusters.status).toBe(200);
    expect(clusters.headers.get('x-cache')).toBe('HIT');
    const again = await post(app, '/v2/core/intent', { phrases: [{ phrase: COMMERCIAL, volume: 5000 }, INFORMATIONAL] });
    expect(again.json).toEqual(response.json);
    expect(search.fake.calls.search).toBe(4);
    expect(search.wordstat.count('top')).toBe(1);
  });

  it('answers on MCP (truthful annotations) and GraphQL with the same figures', async () => {
    const app = setup();
    const rest = await post(app, '/v2/core/intent', { phrases: [COMMERCIAL] });
    const gql = await graphql(app, 'query($p: [String!]!) { coreIntent(phrases: $p) }', { p: [COMMERCIAL] });
    expect(gql.json.errors, JSON.stringify(gql.json.errors)).toBeUndefined();
    expect(gql.json.data.coreIntent.phrases).toEqual(rest.json.phrases);
    const rpc = async (body: unknown) => {
      const response = await app.fetch(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify(body),
        }),
      );
      return (await response.json()) as any;
    };
    const list = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tool = list.result.tools.find((t: { name: string }) => t.name === 'core_intent');
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true, destructiveHint: false });
    const call = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'core_intent', arguments: { phrases: [COMMERCIAL] } } });
    expect(call.result.isError).toBeFalsy();
    expect(call.result.structuredContent.phrases).toEqual(rest.json.phrases);
    expect(search.fake.calls.search).toBe(2);
  });

  it.each([
    [{}, 'phrases'],
    [{ phrases: [] }, 'phrases'],
    [{ phrases: ['окна'], depth: 15 }, 'depth'],
    [{ phrases: ['окна'], region: 999_999_999 }, 'region'],
    [{ phrases: ['окна'], compare_region: 999_999_999 }, 'compare_region'],
    [{ phrases: ['окна'], region: 2, compare_region: 2 }, 'compare_region'],
    [{ phrases: [{ phrase: 'окна', volume: -1 }] }, 'volume'],
  ])('refuses %# with 400 naming %s before any call', async (body, field) => {
    const app = setup();
    const response = await post(app, '/v2/core/intent', body);
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(JSON.stringify(response.json)).toContain(field);
    expect(search.fake.calls.search).toBe(0);
    expect(search.wordstat.count()).toBe(0);
  });

  it('over the live limit of uncached pages (two per phrase) it is refused before any call', async () => {
    const app = setup();
    const response = await post(app, '/v2/core/intent', { phrases: Array.from({ length: 51 }, (_, i) => ({ phrase: `окна модель ${i}`, volume: 10 })) });
    expect(response.status, response.text).toBe(400);
    expect(search.fake.calls.search).toBe(0);
  });
  it('with HTML pages (SEARCH_RESPONSE_FORMAT=html): serp answers the ads, intent counts text ads and the gallery, one search per page', async () => {
    const xmlApp = setup();
    const xml = await post(xmlApp, '/v2/core/intent', { phrases: [{ phrase: COMMERCIAL, volume: 1 }] });
    const xmlRow = (xml.json.phrases as Row[])[0]!;
    expect(xmlRow.components.ads).toBeNull();
    expect((await post(xmlApp, '/v2/stats/serp', { phrase: COMMERCIAL })).json.ads).toBeNull();
    search.fake.reset();

    const app = search.app({ format: 'html' });
    const response = await post(app, '/v2/core/intent', { phrases: [{ phrase: COMMERCIAL, volume: 1 }, { phrase: INFORMATIONAL, volume: 1 }] });
    expect(response.status, response.text).toBe(200);
    // Two pages per phrase (asked and comparison region), each one search, and each asked as HTML.
    expect(search.fake.calls.search).toBe(4);
    expect(search.fake.requests.every((r) => (r.body as { responseFormat: string }).responseFormat === 'FORMAT_HTML')).toBe(true);
    const [commercial, informational] = response.json.phrases as Row[];

    const page = await post(app, '/v2/stats/serp', { phrase: COMMERCIAL });
    expect(page.headers.get('x-cache')).toBe('HIT');
    expect(search.fake.calls.search).toBe(4);
    const ads = page.json.ads as { text: { block: string }[]; product_gallery: { count: number } | null };
    expect(ads.text.length).toBeGreaterThan(0);
    expect(ads.product_gallery!.count).toBeGreaterThan(0);
    expect(page.json.results[0].snippet).toEqual(expect.any(String));

    // The ads component and the score, recomputed here from what serp shows (docs/intent.md).
    const adsScore = Math.round(100 * (0.6 * (Math.min(ads.text.length, 4) / 4) + 0.4)) / 100;
    expect(commercial!.components.ads).toEqual({ score: adsScore, text_ads: ads.text.length, product_gallery: true });
    expect(commercial!.commerciality).toBe(
      Math.round(100 * (0.45 * commercial!.components.shops + 0.3 * commercial!.components.commercial_titles + 0.25 * adsScore)),
    );
    expect(commercial!.commerciality).not.toBe(xmlRow.commerciality);
    expect(informational!.components.ads).toEqual({ score: 0, text_ads: 0, product_gallery: false });
    expect(informational!.class).toBe('informational');
  });
});
