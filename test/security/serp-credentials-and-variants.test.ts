import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { demoSerp } from '../../src/adapters/demo/serp-model.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import { DomainError } from '../../src/domain/errors.js';
import { createTestApp, post } from '../support/app.js';
import { createFakeSource } from '../support/fake-source.js';

/*
 * Issue 28, web search: an upstream error that echoes our credentials never reaches the client with them, and
 * spellings the cache folds (invisible characters, case, ё) are one page and one search, the folded text being
 * what goes upstream (issue 24, item 1's rule, for the new source).
 */

const API_KEY = 'AQVN-secret-web-search-key-0123456789';

describe('web search credentials', () => {
  let echo: ReturnType<typeof createServer>;
  let url: string;
  beforeAll(async () => {
    // An upstream whose error body repeats the Authorization header it was sent.
    echo = createServer((req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 3, message: `bad request with authorization ${req.headers.authorization}`, details: [] }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

  it('masks the API key and the IAM token in an echoed error message', async () => {
    for (const credentials of [{ apiKey: API_KEY }, { iamToken: `t1.${API_KEY}` }]) {
      const search = createSyncWebSearch({ baseUrl: url, folderId: 'f', timeoutMs: 5_000, ...credentials });
      const error = await search.search({ phrase: 'окна', regionId: 213, device: 'desktop', depth: 10 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).not.toContain(API_KEY);
      expect((error as DomainError).message).toContain('***');
    }
  });
});

describe('serp cache-key variants', () => {
  let fake: FakeSearch;
  beforeAll(async () => {
    fake = await startFakeSearch({ model: demoSerp });
  });
  afterAll(() => fake.close());

  it('invisible characters, case, ё and spaces are one page, searched once as the folded text', async () => {
    const sync = createSyncWebSearch({ baseUrl: fake.url, apiKey: 'k', folderId: 'f', timeoutMs: 5_000 });
    const app = createTestApp({ source: createFakeSource({ latencyMs: 0 }), ledger: createMemoryLedger(), webSearch: { sync } });
    try {
      const spellings = ['купить ёлку', 'Купить  ЕЛКУ', 'купить\u200b ёлку', 'купить ёлку\u00ad', ' купить ёлку '];
      const answers = [];
      for (const phrase of spellings) answers.push(await post(app, '/v2/stats/serp', { phrase }));
      expect(answers.map((a) => a.status)).toEqual(spellings.map(() => 200));
      expect(new Set(answers.map((a) => JSON.stringify(a.json.results))).size).toBe(1);
      expect(fake.calls.search).toBe(1);
      expect((fake.requests[0]!.body as { query: { queryText: string } }).query.queryText).toBe('купить елку');
    } finally {
      await app.close();
    }
  });
});
