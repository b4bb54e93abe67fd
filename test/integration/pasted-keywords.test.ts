import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { connectClient } from '../mcp/mcp-support.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { AUTH_HEADER, TODAY } from '../support/kit.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';

/*
 * Issue 24, item 4: a list is answered as people paste it. A keyword's own Wordstat operators mean its form; it is
 * measured as that form (GetTop over 30 days, months derived from its base phrase as for match types), the item
 * says which form, and only a keyword the source refuses gets its own error: on REST, tasks, GraphQL and MCP.
 */

/** As pasted from Wordstat and a semantic core; the last one the source cannot parse (an unclosed bracket). */
const PASTED = ['"детский велосипед"', '!детский !велосипед', '[велосипед детский]', 'велосипед -трехколесный', 'детский велосипед', '[велосипед детский'];
const REFUSED = 5;

type Month = { year: number; month: number; search_volume: number };
type Item = {
  keyword: string;
  search_volume: number | null;
  monthly_searches: Month[];
  keyword_form: string;
  keyword_measure: { measured_as: string; last_30_days: number; monthly_source: string; base_keyword: string | null; base_last_30_days: number | null; ratio: number | null } | null;
  error?: { status_code: number; status_message: string; field: string };
};

describe('a pasted list with Wordstat operators, through the fake Wordstat', () => {
  let fake: FakeWordstat;
  let client: SqlClient;
  let tasks: WatchedClient;
  let app: ReturnType<typeof createTestApp>;
  let server: Server;
  let mcpUrl: URL;

  beforeAll(async () => {
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog(), { today: () => TODAY }), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
    client = await createTestPglite();
    tasks = watchWrites(client);
    app = createTestApp(
      { taskClient: tasks.client },
      { SOURCE: 'wordstat', YANDEX_API_KEY: 'fake-key', YANDEX_FOLDER_ID: 'folder-1', WORDSTAT_BASE_URL: fake.url, TASK_WORKERS: '1', PRICE_CALL: '1', PRICE_REPEAT: '0.1' },
    );
    await app.ready();
    server = createServer(app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    mcpUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await app?.close();
    await client?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  /** The fake's GetTop totalCount for a phrase over Russia, read off the wire. */
  async function wireTotal(phrase: string): Promise<number> {
    const response = await fetch(`${fake.url}/v2/wordstat/topRequests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Api-Key fake-key' },
      body: JSON.stringify({ folderId: 'folder-1', phrase, numPhrases: 1, regions: ['225'] }),
    });
    return Number(((await response.json()) as { totalCount?: string }).totalCount ?? 0);
  }

  let live: Item[] = [];

  it('REST /v1: every keyword answered as its form, the refused one alone carries an error', async () => {
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: PASTED });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.tasks[0].status_code).toBe(20000);
    live = answer.json.tasks[0].result;
    expect(live.map((i) => i.keyword)).toEqual(PASTED);
    expect(live.map((i) => i.keyword_form)).toEqual(['phrase', 'exact', 'order', 'operators', 'broad', 'operators']);
    expect(live.map((i) => i.keyword_measure?.measured_as ?? null)).toEqual([
      '"детский велосипед"',
      '"!детский !велосипед"',
      '[велосипед детский]',
      'велосипед -трехколесный',
      null,
      null,
    ]);

    // Calls: two monthly series (the order form's base is the plain phrase's cache entry), and GetTop for each
    // form, each base and the refused keyword (once: refused before its base was asked).
    expect(fake.calls.dynamics).toBe(2);
    const dynamicsPhrases = fake.requests.filter((r) => r.method === 'dynamics').map((r) => (r.body as { phrase: string }).phrase);
    for (const phrase of dynamicsPhrases) expect(phrase).not.toMatch(/["![\]()|]|(^|\s)-/);
    // 8, not 7: GetTop keeps the word order asked in its key and on the wire (its rows echo it), so the order form's
    // base "велосипед детский" and the plain "детский велосипед" are two GetTop calls (issue 24, item 1).
    expect(fake.calls.top).toBe(8);

    // The refused keyword: its own error naming it, no figure (never a 0 that reads as "no demand").
    const refused = live[REFUSED]!;
    expect(refused.error).toMatchObject({ status_code: 40501, field: `keywords[${REFUSED}]` });
    expect(refused.error!.status_message).toContain('Invalid query syntax');
    expect(refused.search_volume).toBeNull();
    for (const item of live.filter((_, i) => i !== REFUSED)) expect(item.error).toBeUndefined();

    // Each derived month is the base phrase's month × (form total ÷ base total), both read off the wire.
    const plain = live[4]!;
    for (const item of live.slice(0, 4)) {
      const measure = item.keyword_measure!;
      expect(measure.monthly_source).toBe('derived');
      const [own, base] = [await wireTotal(measure.measured_as), await wireTotal(measure.base_keyword!)];
      expect([measure.last_30_days, measure.base_last_30_days]).toEqual([own, base]);
      const ratio = Math.min(1, own / base);
      expect(measure.ratio).toBeCloseTo(ratio, 6);
      expect(item.monthly_searches).toHaveLength(12);
      // "детский велосипед", its exact form and [велосипед детский] share the plain keyword's monthly series.
      const baseMonths = measure.base_keyword === 'велосипед' ? null : plain.monthly_searches;
      if (baseMonths) item.monthly_searches.forEach((m, i) => expect(m.search_volume).toBe(Math.round(baseMonths[i]!.search_volume * ratio)));
      expect(item.search_volume!).toBeLessThanOrEqual(measure.base_keyword === 'велосипед' ? Infinity : plain.search_volume!);
    }
    expect(live[3]!.keyword_measure!.base_keyword).toBe('велосипед');

  });

  it('MCP keyword_search_volume: the same items, from the cache', async () => {
    const { client: mcp } = await connectClient(mcpUrl);
    const tool = await mcp.callTool({ name: 'keyword_search_volume', arguments: { keywords: PASTED } });
    expect(tool.isError ?? false).toBe(false);
    expect((tool.structuredContent as { result: Item[] }).result).toEqual(live);
    const text = (tool.content as { type: string; text: string }[])[0]!.text;
    expect(text).toContain('"детский велосипед" (phrase form, months derived) — ');
    expect(text).toMatch(/\[велосипед детский — not measured: keywords\[5\]/);
    // Only the refused keyword is asked again (a refusal is not cached).
    expect(fake.calls.dynamics + fake.calls.top).toBe(1);
    await mcp.close();
  });

  it('task_post: the same list is a task whose result is the same items', async () => {
    const posted = await post(app, '/v1/keywords/search_volume/task_post', { keywords: PASTED });
    expect(posted.json.tasks[0].status_code, posted.text).toBe(20100);
    const id = posted.json.tasks[0].id as string;
    // Checked again after every write to the task database.
    const items: Item[] | undefined = await tasks.until('the task finished', async () => {
      const response = await app.fetch(new Request(`http://localhost/v1/keywords/search_volume/task_get/${id}`, { headers: AUTH_HEADER }));
      const json = (await response.json()) as any;
      return json.tasks[0].status_code === 20000 ? (json.tasks[0].result as Item[]) : undefined;
    }, 10_000);
    expect(items, 'the task finished').toBeDefined();
    // One billed task: the calls the live request left uncached (the refused keyword) and no other.
    expect(items).toEqual(live);
  });

  it('GraphQL keywords: the same forms and figures; the refused phrase is null with its own error', async () => {
    const list = PASTED.map((p) => JSON.stringify(p)).join(', ');
    const answer = await graphql(
      app,
      `{ keywords(phrases: [${list}]) { phrase keywordForm searchVolume monthlySearches { searchVolume } keywordMeasure { measuredAs last30Days monthlySource baseKeyword baseLast30Days } } }`,
    );
    // GraphQL reports errors per field: every one is the refused phrase's, naming it.
    expect(answer.json.errors.length).toBeGreaterThan(0);
    for (const error of answer.json.errors) {
      expect(error.path.slice(0, 2)).toEqual(['keywords', REFUSED]);
      expect(error.message).toContain(`phrases[${REFUSED}]`);
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: `phrases[${REFUSED}]` });
    }
    const keywords = answer.json.data.keywords as any[];
    expect(keywords[REFUSED]).toBeNull();
    keywords.slice(0, REFUSED).forEach((k, i) => {
      const item = live[i]!;
      expect(k.phrase).toBe(item.keyword);
      expect(k.keywordForm).toBe(item.keyword_form.toUpperCase());
      expect(k.searchVolume).toBe(item.search_volume);
      expect(k.monthlySearches.map((m: { searchVolume: number }) => m.searchVolume)).toEqual(item.monthly_searches.map((m) => m.search_volume));
      if (item.keyword_measure) expect(k.keywordMeasure).toMatchObject({ measuredAs: item.keyword_measure.measured_as, last30Days: item.keyword_measure.last_30_days, monthlySource: 'DERIVED' });
      else expect(k.keywordMeasure).toBeNull();
    });
  });

  it('the live plan and the GraphQL cost count a pasted form\'s calls (its GetTop, its base\'s month and GetTop) and refuse up front', async () => {
    const keywords = Array.from({ length: 40 }, (_, i) => `"товар номер ${i}"`);
    const rest = await post(app, '/v1/keywords/search_volume', { keywords });
    // Over the live request's call limit (100), checked before the hour's budget (issue 25): 400.
    expect(rest.status).toBe(400);
    expect(rest.json.tasks[0].status_message).toContain('needs 120 uncached source calls');
    const list = keywords.map((k) => JSON.stringify(k)).join(', ');
    const gql = await graphql(app, `{ keywords(phrases: [${list}]) { searchVolume } }`);
    expect(gql.json.errors?.[0]?.message ?? '').toContain('needs 120 uncached source calls');
    expect(fake.calls.dynamics + fake.calls.top).toBe(0);
  });

  it('a pasted keyword too long once in its form is a 400 naming it, before any call', async () => {
    const long = `!${'слово !'.repeat(56)}xxxxxx`; // 399 characters; its exact form adds the quotes
    expect([...long].length).toBeLessThanOrEqual(400);
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: ['велосипед', long] });
    expect(answer.status).toBe(400);
    expect(answer.json.tasks[0].status_message).toContain('keywords[1]');
    expect(fake.calls.dynamics + fake.calls.top).toBe(0);
  });
});
