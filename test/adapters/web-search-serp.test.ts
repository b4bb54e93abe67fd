import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { serpXml } from '../../fakes/search/wire.js';
import { createDemoWebSearch } from '../../src/adapters/demo/demo-search-results.js';
import { demoSerp } from '../../src/adapters/demo/serp-model.js';
import { createDeferredWebSearch } from '../../src/adapters/search-results/serp-deferred.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import { parseSerpXml } from '../../src/adapters/search-results/serp-xml.js';
import { DomainError } from '../../src/domain/errors.js';
import type { SerpQuery } from '../../src/ports/web-search.js';

/*
 * Issue 28, the source: the Search API v2 web search adapters (sync, and deferred with operations polling) against
 * the wire-faithful fake (fakes/search/), on virtual time.
 */

let virtualNow = 1_000_000;
let fake: FakeSearch;
beforeAll(async () => {
  fake = await startFakeSearch({ model: demoSerp, apiKey: 'AQVN-key', deferredLatencyMs: 5 * 60_000, now: () => virtualNow });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const QUERY: SerpQuery = { phrase: 'купить пластиковые окна', regionId: 213, device: 'desktop', depth: 10 };
const wire = { baseUrl: '', apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 5_000 };
const sync = (overrides = {}) => createSyncWebSearch({ ...wire, baseUrl: fake.url, ...overrides });

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('sync web search (POST /v2/web/search)', () => {
  it('sends the WebSearchRequest fields and reads the ranked page {position, url, domain, title} and found-docs', async () => {
    const page = await sync().search(QUERY);
    expect(page).toEqual(demoSerp(QUERY));
    expect(page.results).toHaveLength(10);
    expect(fake.calls.search).toBe(1);
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe('Api-Key AQVN-key');
    expect(sent.body).toMatchObject({
      query: { searchType: 'SEARCH_TYPE_RU', queryText: QUERY.phrase, familyMode: 'FAMILY_MODE_MODERATE', page: '0', fixTypoMode: 'FIX_TYPO_MODE_ON' },
      groupSpec: { groupMode: 'GROUP_MODE_DEEP', groupsOnPage: '10', docsInGroup: '1' },
      region: '213',
      l10n: 'LOCALIZATION_RU',
      folderId: 'b1g-folder',
      responseFormat: 'FORMAT_XML',
    });
    expect((sent.body as { userAgent: string }).userAgent).not.toMatch(/Mobile/);
  });

  it('asks for the mobile page with a mobile user agent and for 30 groups at depth 30', async () => {
    const query: SerpQuery = { ...QUERY, device: 'mobile', depth: 30 };
    const page = await sync().search(query);
    expect(page.results).toHaveLength(30);
    expect(page).toEqual(demoSerp(query));
    const body = fake.requests[0]!.body as { userAgent: string; groupSpec: { groupsOnPage: string } };
    expect(body.userAgent).toMatch(/Mobile/);
    expect(body.groupSpec.groupsOnPage).toBe('30');
  });

  it('an IAM token goes as Bearer (refused by a fake that wants the API key: 401 UNAUTHENTICATED → 503)', async () => {
    const error = await failure(sync({ apiKey: undefined, iamToken: 't1.iam' }).search(QUERY));
    expect(fake.requests[0]!.authorization).toBe('Bearer t1.iam');
    expect(error.code).toBe('SOURCE_UNAVAILABLE');
    expect(error.message).not.toContain('t1.iam');
  });

  it('reads a gRPC-gateway error body: 503 UNAVAILABLE → SOURCE_UNAVAILABLE, quota 429 → 403 SOURCE_QUOTA_EXHAUSTED, rate 429 → 429 with the refill wait', async () => {
    fake.inject('unavailable');
    expect((await failure(sync().search(QUERY))).code).toBe('SOURCE_UNAVAILABLE');
    fake.inject('quota');
    const quota = await failure(sync().search(QUERY));
    expect([quota.code, quota.status]).toEqual(['SOURCE_QUOTA_EXHAUSTED', 403]);
    expect(quota.message).toContain('requestsPerHour');
    fake.inject('rate');
    const rate = await failure(sync().search(QUERY));
    expect([rate.code, rate.status, rate.retryAfterSeconds]).toEqual(['SOURCE_RATE_LIMITED', 429, 2]);
    expect(fake.calls.search).toBe(3);
  });

  it('a captcha page is an error, never empty results', async () => {
    fake.inject('captcha');
    const error = await failure(sync().search(QUERY));
    expect(error.code).toBe('SOURCE_FAILED');
    expect(error.message).toMatch(/captcha/);
  });

  it('refuses a phrase over 400 characters or 40 words before any call', async () => {
    const long = await failure(sync().search({ ...QUERY, phrase: 'я'.repeat(401) }));
    expect([long.code, long.field]).toEqual(['INVALID_FIELD', 'phrase']);
    const wordy = await failure(sync().search({ ...QUERY, phrase: Array.from({ length: 41 }, (_, i) => `w${i}`).join(' ') }));
    expect(wordy.message).toContain('40 words');
    expect(fake.calls.search).toBe(0);
  });

  it('takes a slot of its gate before each request, and a refusing gate spends no call', async () => {
    const gate = vi.fn(async () => undefined);
    await sync({ gate }).search(QUERY);
    expect(gate).toHaveBeenCalledTimes(1);
    const refusing = async () => {
      throw new DomainError('SOURCE_RATE_LIMITED', 'budget');
    };
    expect((await failure(sync({ gate: refusing }).search(QUERY))).code).toBe('SOURCE_RATE_LIMITED');
    expect(fake.calls.search).toBe(1);
  });
});

describe('deferred web search (searchAsync + GET /operations/{id})', () => {
  const deferred = (overrides = {}) =>
    createDeferredWebSearch({ ...wire, baseUrl: fake.url, operationsBaseUrl: fake.url, pollIntervalMs: 30_000, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), ...overrides });

  it('posts searchAsync once, polls the operation every interval under fake timers until done, and reads its response', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const pending = deferred()
        .search(QUERY)
        .finally(() => (settled = true));
      // Virtual minutes pass in 30 s steps; each step lets the poll's real HTTP exchange finish first.
      for (let step = 0; step < 40 && !settled; step++) {
        await vi.waitFor(() => expect(fake.calls.operation + fake.calls.searchAsync).toBeGreaterThan(step === 0 ? 0 : step), { interval: 1, timeout: 2_000 }).catch(() => undefined);
        virtualNow += 30_000;
        await vi.advanceTimersByTimeAsync(30_000);
      }
      const page = await pending;
      expect(page).toEqual(demoSerp(QUERY));
      expect(fake.calls.searchAsync).toBe(1);
      expect(fake.calls.search).toBe(0);
      // Done once 5 minutes passed: ten polls of 30 s.
      expect(fake.calls.operation).toBe(10);
      expect(fake.requests.find((r) => r.kind === 'searchAsync')!.body).toMatchObject({ query: { queryText: QUERY.phrase }, responseFormat: 'FORMAT_XML' });
    } finally {
      vi.useRealTimers();
    }
  });

  const virtualSleep = async (ms: number) => {
    virtualNow += ms;
  };

  it('an operation done with error {code, message} is the service error, not a page', async () => {
    fake.inject('operationError');
    const error = await failure(deferred({ sleep: virtualSleep }).search(QUERY));
    expect(error.code).toBe('SOURCE_FAILED');
    expect(error.message).toContain('Internal error while searching');
  });

  it('quota on searchAsync is the quota error with no poll; a captcha in the response is an error', async () => {
    fake.inject('quota');
    expect((await failure(deferred({ sleep: virtualSleep }).search(QUERY))).code).toBe('SOURCE_QUOTA_EXHAUSTED');
    expect(fake.calls.operation).toBe(0);
    fake.inject('captcha');
    expect((await failure(deferred({ sleep: virtualSleep }).search(QUERY))).message).toMatch(/captcha/);
  });

  it('gives up past its longest wait', async () => {
    const error = await failure(deferred({ sleep: async () => undefined, maxWaitMs: 60_000, now: (() => { let t = 0; return () => (t += 20_000); })() }).search(QUERY));
    expect(error.code).toBe('SOURCE_UNAVAILABLE');
    expect(error.message).toMatch(/did not finish/);
  });
});

describe('the XML page reader', () => {
  it('reads titles with highlighting, entities, the all-priority count; error 15 is an empty page; other errors and non-XML throw', () => {
    const snippet = 'Окна   от <производителя> &  монтаж';
    const page = parseSerpXml(serpXml({ foundDocs: 77, results: [{ position: 1, url: 'https://a.ru/x?a=1&b=2', domain: 'a.ru', title: 'окна & двери', snippet }, { position: 2, url: 'https://b.ru/', domain: 'b.ru', title: 'b', snippet: null }] }, 'окна'));
    expect(page).toEqual({
      foundDocs: 77,
      results: [
        { position: 1, url: 'https://a.ru/x?a=1&b=2', domain: 'a.ru', title: 'окна & двери', snippet: 'Окна от <производителя> & монтаж' },
        { position: 2, url: 'https://b.ru/', domain: 'b.ru', title: 'b', snippet: null },
      ],
    });
    const two = parseSerpXml(
      '<yandexsearch><response><found priority="all">5</found><results><grouping><group><doc><url>https://c.ru/</url><domain>c.ru</domain><title>t</title><headline>Заголовок  <hlword>окна</hlword></headline><passages><passage>Первый <hlword>кусок</hlword></passage><passage>второй</passage></passages></doc></group><group><doc><url>https://d.ru/</url><domain>d.ru</domain><title>d</title><headline>Только <hlword>headline</hlword></headline></doc></group></grouping></results></response></yandexsearch>',
    );
    expect(two.results.map((r) => r.snippet)).toEqual(['Первый кусок … второй', 'Только headline']);
    const long = parseSerpXml(serpXml({ foundDocs: 1, results: [{ position: 1, url: 'https://a.ru/', domain: 'a.ru', title: 't', snippet: 'слово '.repeat(200) }] }, 'x'));
    expect(long.results[0]!.snippet!.length).toBeLessThanOrEqual(300);
    expect(long.results[0]!.snippet!.endsWith('…')).toBe(true);
    expect(parseSerpXml(serpXml({ foundDocs: 0, results: [] }, 'x'))).toEqual({ foundDocs: 0, results: [] });
    expect(() => parseSerpXml('<yandexsearch><response><error code="55">limit</error></response></yandexsearch>')).toThrow(/error 55/);
    expect(() => parseSerpXml('<html><body>unknown</body>')).toThrow(DomainError);
    expect(() => parseSerpXml('<!DOCTYPE html><html><body><p>page</p></body></html>')).toThrow(/cannot be read/);
    expect(() => parseSerpXml('<yandexsearch><response></response></yandexsearch>')).toThrow(/no document count/);
  });
});

describe('the demo results pages', () => {
  const urls = (phrase: string, regionId = 213) => new Set(demoSerp({ phrase, regionId, device: 'desktop', depth: 10 }).results.map((r) => r.url));
  const shared = (a: Set<string>, b: Set<string>) => [...a].filter((u) => b.has(u)).length;

  it('are deterministic, and the demo source answers them', async () => {
    expect(await createDemoWebSearch().search(QUERY)).toEqual(demoSerp(QUERY));
    expect(demoSerp(QUERY)).toEqual(demoSerp({ ...QUERY }));
  });

  it('share URLs in proportion to closeness: same topic ≫ overlapping topic ≫ unrelated', () => {
    const base = urls('купить пластиковые окна');
    const sameTopic = shared(base, urls('пластиковые окна цена'));
    const overlapping = shared(base, urls('купить пластиковые окна пвх'));
    const unrelated = shared(base, urls('купить ноутбук'));
    expect(sameTopic).toBeGreaterThanOrEqual(6);
    expect(overlapping).toBeLessThan(sameTopic);
    expect(unrelated).toBe(0);
  });

  it('commercial phrases carry shops and marketplaces, informational ones articles', () => {
    const domains = (phrase: string) => demoSerp({ ...QUERY, phrase }).results.map((r) => r.url);
    const shopLike = (url: string) => /\/catalog\/|ozon|wildberries|market\.yandex|avito|-msk\d+\.ru/.test(url);
    expect(domains('купить пластиковые окна').filter(shopLike).length).toBeGreaterThanOrEqual(7);
    expect(domains('как мыть пластиковые окна').filter((u) => /\/articles\//.test(u)).length).toBeGreaterThanOrEqual(7);
  });

  it('a commercial phrase differs between Moscow and Saint Petersburg; an informational one and one naming a city do not', () => {
    expect(shared(urls('купить пластиковые окна', 213), urls('купить пластиковые окна', 2))).toBeLessThan(9);
    expect(shared(urls('как мыть пластиковые окна', 213), urls('как мыть пластиковые окна', 2))).toBe(10);
    expect(shared(urls('пластиковые окна казань', 213), urls('пластиковые окна казань', 2))).toBe(10);
  });
});
