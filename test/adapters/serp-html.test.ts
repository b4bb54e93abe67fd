import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { createDemoWebSearch } from '../../src/adapters/demo/demo-search-results.js';
import { demoSerp, demoSerpWithAds } from '../../src/adapters/demo/serp-model.js';
import { createDeferredWebSearch } from '../../src/adapters/search-results/serp-deferred.js';
import { parseSerpHtml } from '../../src/adapters/search-results/serp-html.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import { pageOfRawData } from '../../src/adapters/search-results/serp-wire.js';
import { DomainError } from '../../src/domain/errors.js';
import type { SerpPage, SerpQuery } from '../../src/ports/web-search.js';
import { createSerpGateway } from '../../src/services/serp-gateway.js';
import { createTestCache } from '../support/memory-cache.js';

/*
 * Issue 28: "HTML (which carries the ads: text ads top/bottom, product galleries) is optional and parsed
 * defensively; a captcha or unknown page is an error, not empty results." The reader on saved pages, then the
 * fake's HTML over the wire through both adapters, one search per page.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/serp-html/${name}.html`, import.meta.url), 'utf8');
const rawData = (text: string) => ({ rawData: Buffer.from(text, 'utf8').toString('base64') });

describe('the HTML page reader, on saved pages', () => {
  it('reads organic results with snippets, text ads above and below, the product gallery and the count', () => {
    const page = parseSerpHtml(fixture('commercial'));
    expect(page.foundDocs).toBe(74_000_000);
    expect(page.results).toEqual([
      {
        position: 1,
        url: 'https://market.yandex.ru/catalog--plastikovye-okna/123?hid=1&from=serp',
        domain: 'market.yandex.ru',
        title: 'Пластиковые окна — купить на Яндекс\u00a0Маркете'.replace('\u00a0', ' '),
        snippet: 'Большой выбор пластиковых окон: цены, отзывы, доставка. Покупайте с Плюсом',
      },
      { position: 2, url: 'https://okna-rehau.ru/', domain: 'okna-rehau.ru', title: 'Окна REHAU «под ключ»', snippet: null },
    ]);
    expect(page.ads).toEqual({
      text: [
        { block: 'top', position: 1, url: 'https://okna-promo.ru/sale/?utm_source=yandex', domain: 'okna-promo.ru', title: 'Пластиковые окна со скидкой 40%' },
        { block: 'top', position: 2, url: 'https://www.okna-msk.ru/akcii', domain: 'okna-msk.ru', title: 'Окна в Москве — купить от 5 000 ₽' },
        { block: 'bottom', position: 1, url: 'https://ozon.ru/category/okna/', domain: 'ozon.ru', title: 'Окна на Ozon' },
      ],
      productGallery: { count: 3 },
    });
    // The script's string that looks like a result is not read as one.
    expect(JSON.stringify(page)).not.toContain('script.example');
  });

  it('an informational page: organic results, no ads, no gallery, the exact grouped count', () => {
    const page = parseSerpHtml(fixture('informational'));
    expect(page.foundDocs).toBe(1_234_567);
    expect(page.results.map((r) => [r.domain, r.title, r.snippet])).toEqual([
      ['dzen.ru', 'Как мыть окна без разводов', '7 способов — от газеты до скребка'],
      ['wikihow.com', 'Мытьё окон', null],
    ]);
    expect(page.ads).toEqual({ text: [], productGallery: null });
  });

  it('"nothing found" is a page of 0 documents; a captcha and an unknown layout are errors, never empty results', () => {
    expect(parseSerpHtml(fixture('nothing-found'))).toEqual({ foundDocs: 0, results: [], ads: { text: [], productGallery: null } });
    for (const name of ['captcha', 'unknown']) {
      expect(() => parseSerpHtml(fixture(name)), name).toThrow(/cannot be read: an HTML page without search results/);
    }
    expect(() => pageOfRawData(rawData(fixture('captcha')), 'html')).toThrow(/captcha/);
    expect(() => pageOfRawData(rawData(''), 'html')).toThrow(DomainError);
    expect(() => pageOfRawData(rawData('<yandexsearch/>'), 'html')).toThrow(DomainError);
    // Results without a count are refused rather than answered with an invented one.
    expect(() => parseSerpHtml(fixture('informational').replace(/<div class="serp-adv__found">[^<]*<\/div>/, ''))).toThrow(/no document count/);
  });

  it('cut or broken markup is read defensively: a truncated page keeps what it holds, stray end tags are ignored', () => {
    const whole = fixture('commercial');
    const cut = whole.slice(0, whole.indexOf('data-cid="4"'));
    const page = parseSerpHtml(cut.replace('</h2></a>', '</h2></a></span></td>'));
    expect(page.results.map((r) => r.domain)).toEqual(['market.yandex.ru']);
    expect(page.ads!.text.map((a) => a.block)).toEqual(['top', 'top']);
    expect(page.ads!.productGallery).toEqual({ count: 3 });
  });
});

describe("the fake's HTML over the wire", () => {
  let fake: FakeSearch;
  beforeAll(async () => {
    fake = await startFakeSearch({ model: demoSerpWithAds, apiKey: 'AQVN-key', deferredLatencyMs: 0 });
  });
  afterAll(() => fake.close());
  afterEach(() => fake.reset());
  const wire = () => ({ baseUrl: fake.url, apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 5_000, format: 'html' as const });
  const COMMERCIAL: SerpQuery = { phrase: 'купить пластиковые окна', regionId: 213, device: 'desktop', depth: 10 };
  const INFORMATIONAL: SerpQuery = { phrase: 'как мыть окна', regionId: 213, device: 'desktop', depth: 10 };

  it("sync: asks FORMAT_HTML and reads back the model's page, ads included, in one search", async () => {
    const page = await createSyncWebSearch(wire()).search(COMMERCIAL);
    expect(fake.requests[0]!.body).toMatchObject({ responseFormat: 'FORMAT_HTML' });
    expect(fake.calls.search).toBe(1);
    expect(page).toEqual(demoSerpWithAds(COMMERCIAL));
    expect(page.ads!.text.some((a) => a.block === 'top')).toBe(true);
    expect(page.ads!.productGallery!.count).toBeGreaterThan(0);
    expect(page.results.every((r) => typeof r.snippet === 'string' && r.snippet.length > 0)).toBe(true);
  });

  it('an informational phrase has no ads; the XML format of the same page has the same results and no ads', async () => {
    const html = await createSyncWebSearch(wire()).search(INFORMATIONAL);
    expect(html.ads).toEqual({ text: [], productGallery: null });
    const xml = await createSyncWebSearch({ ...wire(), format: 'xml' }).search(INFORMATIONAL);
    expect(xml.ads).toBeUndefined();
    expect(xml.results).toEqual(html.results);
    expect(xml).toEqual(demoSerp(INFORMATIONAL));
  });

  it("deferred: the done operation's HTML is read the same way; a captcha there is an error", async () => {
    const deferred = createDeferredWebSearch({ ...wire(), operationsBaseUrl: fake.url, pollIntervalMs: 1, sleep: async () => undefined });
    expect(await deferred.search(COMMERCIAL)).toEqual(demoSerpWithAds(COMMERCIAL));
    expect(fake.calls.searchAsync).toBe(1);
    fake.inject('captcha');
    await expect(deferred.search(INFORMATIONAL)).rejects.toThrow(/captcha/);
  });

  it('through the gateway: one search per page in HTML, cached apart from XML pages, repeats from the cache', async () => {
    const clock = { now: () => 0 };
    const cache = createTestCache(clock);
    const gateway = createSerpGateway({ sync: { source: createSyncWebSearch(wire()) }, cache, clock, freshTtlMs: 1_000, staleTtlMs: 1_000, format: 'html' });
    const first = await Promise.all([gateway.page(COMMERCIAL), gateway.page(COMMERCIAL)]);
    const again = await gateway.page(COMMERCIAL);
    expect(fake.calls.search).toBe(1);
    expect(again.status).toBe('HIT');
    expect(again.value).toEqual(first[0].value);
    expect(cache.keys()).toEqual([expect.stringMatching(/\|f=html$/)]);
  });
});

describe('pages cached before snippets', () => {
  it('read as snippet: null, not undefined or a crash', async () => {
    const clock = { now: () => 0 };
    const cache = createTestCache(clock);
    const calls: SerpQuery[] = [];
    const gateway = createSerpGateway({ sync: { source: { mode: 'sync', search: async (q) => (calls.push(q), demoSerp(q)) } }, cache, clock, freshTtlMs: 1_000, staleTtlMs: 0 });
    const query: SerpQuery = { phrase: 'окна', regionId: 213, device: 'desktop', depth: 10 };
    const old = { foundDocs: 5, results: [{ position: 1, url: 'https://a.ru/', domain: 'a.ru', title: 'a' }] } as unknown as SerpPage;
    await cache.set('serp:v1:serp|окна|r=213|d=desktop|n=10', old, 1_000);
    const answer = await gateway.page(query);
    expect(calls).toHaveLength(0);
    expect(answer.value.results).toEqual([{ position: 1, url: 'https://a.ru/', domain: 'a.ru', title: 'a', snippet: null }]);
  });
});

describe('the demo source', () => {
  it('answers ads only as HTML', async () => {
    const query: SerpQuery = { phrase: 'купить пластиковые окна', regionId: 213, device: 'desktop', depth: 10 };
    expect((await createDemoWebSearch('xml').search(query)).ads).toBeUndefined();
    expect((await createDemoWebSearch('html').search(query)).ads!.text.length).toBeGreaterThan(0);
  });
});
