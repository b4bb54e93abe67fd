import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultsError } from '../../src/adapters/search-results/errors.js';
import { createYandexWebSearch } from '../../src/adapters/search-results/yandex-web-search.js';
import { type FakeSearchServer, startFakeSearchServer } from '../fakes/fake-search-server.js';

let server: FakeSearchServer;
beforeAll(async () => {
  server = await startFakeSearchServer();
});
afterAll(() => server.close());

const search = (overrides: Partial<Parameters<typeof createYandexWebSearch>[0]> = {}) =>
  createYandexWebSearch({ baseUrl: server.baseUrl, apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 2000, minIntervalMs: 0, ...overrides });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SearchResultsError);
  return error as SearchResultsError;
};

describe('Yandex web search over real HTTP', () => {
  it('posts a first-page, domain-grouped XML search with the folder and Api-Key, and reads the page', async () => {
    server.behave(() => ({ page: { foundDocs: 4321, domains: ['ozon.ru', 'habr.com'] } }));
    const page = await search().search('купить ноутбук', [213]);
    expect(page).toEqual({ foundDocs: 4321, topDomains: ['ozon.ru', 'habr.com'] });
    const request = server.requests.at(-1)!;
    expect(request.authorization).toBe('Api-Key AQVN-key');
    expect(request.body).toEqual({
      query: { searchType: 'SEARCH_TYPE_RU', queryText: 'купить ноутбук', page: '0' },
      groupSpec: { groupMode: 'GROUP_MODE_DEEP', groupsOnPage: '10', docsInGroup: '1' },
      region: '213',
      responseFormat: 'FORMAT_XML',
      folderId: 'b1g-folder',
    });
  });

  it('ranks for Russia (225) when the filter is empty; an IAM token goes as Bearer', async () => {
    server.behave(() => ({ page: { foundDocs: 1, domains: [] } }));
    await search({ apiKey: undefined, iamToken: 't1.iam' }).search('ноутбук', []);
    const request = server.requests.at(-1)!;
    expect(request.body.region).toBe('225');
    expect(request.authorization).toBe('Bearer t1.iam');
  });

  it('nothing found (engine error 15) is 0 documents, not a failure', async () => {
    server.behave(() => ({ engineError: 15 }));
    expect(await search().search('ывапролдж', [])).toEqual({ foundDocs: 0, topDomains: [] });
  });

  it('HTTP errors carry the status and the gRPC message; other engine errors and bad bodies throw', async () => {
    server.behave(() => ({ status: 429, body: '{"code":8,"message":"Time to refill: 3 seconds"}' }));
    const limited = await failure(search().search('x', []));
    expect(limited).toMatchObject({ code: 'SEARCH_HTTP_ERROR', status: 429 });
    expect(limited.message).toContain('Time to refill');

    server.behave(() => ({ engineError: 55, message: 'too many requests' }));
    expect((await failure(search().search('x', []))).code).toBe('SEARCH_ENGINE_ERROR');
    server.behave(() => ({ raw: 'not json' }));
    expect((await failure(search().search('x', []))).code).toBe('SEARCH_BAD_RESPONSE');
    server.behave(() => ({ raw: '{"other": 1}' }));
    expect((await failure(search().search('x', []))).code).toBe('SEARCH_BAD_RESPONSE');
    server.behave(() => ({ xml: '<html>not a search answer</html>' }));
    expect((await failure(search().search('x', []))).code).toBe('SEARCH_BAD_RESPONSE');
  });

  it('a hanging server is SEARCH_TIMEOUT within about the deadline', async () => {
    server.behave(() => 'hang');
    const started = Date.now();
    expect((await failure(search({ timeoutMs: 300 }).search('x', []))).code).toBe('SEARCH_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('spaces call starts by minIntervalMs (the API allows 10 per second)', async () => {
    server.behave(() => ({ page: { foundDocs: 1, domains: [] } }));
    const spaced = search({ minIntervalMs: 100 });
    const started = Date.now();
    await Promise.all([spaced.search('a', []), spaced.search('b', []), spaced.search('c', [])]);
    // Three starts need two intervals.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
