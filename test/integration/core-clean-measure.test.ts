import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { App } from '../../src/app.js';
import { MAX_LIVE_CALLS_PER_REQUEST } from '../../src/domain/requests/live-limits.js';
import type { UsageRow } from '../../src/ports/ledger.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import type { SourceAnswers } from '../support/answers/source-answers.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';
import { createTaskTestApp } from '../support/task-app.js';

/*
 * Issue 27, section 2: core_clean with measure ["exact"] asks the "!w" count of each phrase: one GetTop per
 * distinct phrase × region, the very call (and cache entry) search_volume's EXACT match type makes, planned and
 * priced as search_volume's. Counted at the fake source.
 */

const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const { close } of apps.splice(0)) await close();
});

/** The call-number model, except that a phrase with "никто" is typed by nobody in its exact form. */
const answers: SourceAnswers = {
  ...callNumberAnswers,
  top: (query, n) => (query.phrase.includes('!никто') ? { totalCount: 0, results: [], associations: [] } : callNumberAnswers.top(query, n)),
};

interface Fixture {
  app: App;
  source: FakeSource;
  rows(): readonly UsageRow[];
}

function setup(): Fixture {
  const source = createFakeSource({ answers, latencyMs: 0 });
  const ledger = createMemoryLedger();
  const app = createTestApp({ source, ledger });
  apps.push({ close: () => app.close() });
  return { app, source, rows: () => ledger.rows() };
}

/** The exact-form GetTop calls made, by phrase sent. */
const exactCalls = (source: FakeSource) => source.calls.filter((c) => c.method === 'top' && c.query.phrase.includes('!')).map((c) => c.query.phrase);

const PHRASES = ['купить пластиковые окна', 'Купить  пластиковые окна', 'окна пластиковые купить', 'пластиковые окна никто'];

async function mcpCall(app: App, name: string, args: Record<string, unknown>) {
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    }),
  );
  const { result } = (await response.json()) as { result: { isError?: boolean; content: { text: string }[]; structuredContent?: any } };
  return { result, cost: Number(response.headers.get('x-cost')) };
}

describe('core_clean measure ["exact"]', { timeout: 60_000 }, () => {
  it('makes one exact call per distinct phrase, fills exact, tags zero_exact; a second request spends no call and costs the repeat price', async () => {
    const { app, source, rows } = setup();
    const first = await post(app, '/v2/core/clean', { phrases: PHRASES, region: 213, measure: ['exact'] });
    expect(first.status, first.text).toBe(200);
    // Two spellings of one phrase are one call; word order is another phrase (GetTop keeps the order).
    expect(exactCalls(source)).toEqual(['"!купить !пластиковые !окна"', '"!окна !пластиковые !купить"', '"!пластиковые !окна !никто"']);
    expect(source.count()).toBe(3);
    expect(source.calls.every((c) => c.method === 'top' && c.query.regions.join() === '213' && c.query.numPhrases === 1)).toBe(true);
    const byPhrase = Object.fromEntries((first.json.phrases as any[]).map((p) => [p.phrase, p]));
    const measured = byPhrase['купить пластиковые окна'].exact as number;
    expect(measured).toBeGreaterThan(0);
    expect(byPhrase['Купить  пластиковые окна'].exact).toBe(measured);
    expect(byPhrase['окна пластиковые купить'].exact).toBeGreaterThan(0);
    expect(byPhrase['пластиковые окна никто']).toMatchObject({ exact: 0, noise: ['zero_exact'], verdict: 'drop', reason: 'zero_exact' });
    expect(first.headers.get('x-cache')).toBe('MISS');
    const prices = { call: Number(first.headers.get('x-cost')) };
    expect(prices.call).toBeGreaterThan(0);

    const again = await post(app, '/v2/core/clean', { phrases: PHRASES, region: 213, measure: ['exact'] });
    expect(again.status).toBe(200);
    expect(source.count()).toBe(3);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.json).toEqual(first.json);
    // The ledger's prices: the call price, then the repeat price (below it), as search_volume's rule.
    const [paid, repeat] = rows().map((r) => r.price);
    expect(paid).toBe(prices.call);
    expect(repeat).toBeLessThan(paid!);
    expect(Number(again.headers.get('x-cost'))).toBe(repeat);
  });

  it('shares the cache with search_volume EXACT both ways, and costs what search_volume costs for the same calls', async () => {
    const a = setup();
    const volume = await post(a.app, '/v1/keywords/search_volume', { keywords: ['купить велосипед'], location_code: 1012, match_types: ['exact'] });
    expect(volume.status, volume.text).toBe(200);
    const volumeCost = Number(volume.headers.get('x-cost'));
    const before = a.source.count();
    const clean = await post(a.app, '/v2/core/clean', { phrases: ['купить велосипед'], region: 213, measure: ['exact'] });
    expect(clean.status, clean.text).toBe(200);
    expect(a.source.count()).toBe(before); // measured by search_volume before: no call now
    expect(clean.json.phrases[0].exact).toBe(volume.json.tasks[0].result[0].match_type_monthly_searches.exact.last_30_days);
    // Without a region: search_volume's default location (Russia), one cache entry too.
    await post(a.app, '/v1/keywords/search_volume', { keywords: ['детский самокат'], match_types: ['exact'] });
    const russia = a.source.count();
    const cleanRussia = await post(a.app, '/v2/core/clean', { phrases: ['детский самокат'], measure: ['exact'] });
    expect(cleanRussia.status, cleanRussia.text).toBe(200);
    expect(a.source.count()).toBe(russia);

    // The other way: core_clean first, then search_volume does not ask the exact form again.
    const b = setup();
    const cleanFirst = await post(b.app, '/v2/core/clean', { phrases: ['купить велосипед'], region: 213, measure: ['exact'] });
    expect(Number(cleanFirst.headers.get('x-cost'))).toBe(volumeCost); // same price as search_volume's uncached request
    await post(b.app, '/v1/keywords/search_volume', { keywords: ['купить велосипед'], location_code: 1012, match_types: ['exact'] });
    expect(exactCalls(b.source)).toEqual(['"!купить !велосипед"']);
    const repeatVolume = await post(b.app, '/v1/keywords/search_volume', { keywords: ['купить велосипед'], location_code: 1012, match_types: ['exact'] });
    const repeatClean = await post(b.app, '/v2/core/clean', { phrases: ['купить велосипед'], region: 213, measure: ['exact'] });
    expect(Number(repeatClean.headers.get('x-cost'))).toBe(Number(repeatVolume.headers.get('x-cost')));
  });

  it('keeps a sent exact count (not measured) and measures only the rest; without measure it stays free', async () => {
    const { app, source } = setup();
    const answer = await post(app, '/v2/core/clean', { phrases: [{ phrase: 'купить окна', exact: 0 }, { phrase: 'ремонт окон', exact: 12 }, 'мойка окон'], measure: ['exact'] });
    expect(answer.status, answer.text).toBe(200);
    expect(exactCalls(source)).toEqual(['"!мойка !окон"']);
    expect(answer.json.phrases.map((p: any) => p.exact)).toEqual([0, 12, expect.any(Number)]);
    expect(answer.json.phrases[0]).toMatchObject({ noise: ['zero_exact'], verdict: 'drop' });
    const free = await post(app, '/v2/core/clean', { phrases: ['мойка окон', 'купить окна'] });
    expect(free.headers.get('x-cost')).toBe('0');
    expect(free.headers.get('x-cache')).toBeNull();
    expect(free.json.phrases.map((p: any) => p.exact)).toEqual([null, null]);
    expect(source.count()).toBe(1);
  });

  it('is the same on MCP and GraphQL (enum list), at the same price', async () => {
    const rest = setup();
    const restAnswer = await post(rest.app, '/v2/core/clean', { phrases: PHRASES, measure: ['exact'] });
    const mcp = setup();
    const tool = await mcpCall(mcp.app, 'core_clean', { phrases: PHRASES, measure: ['exact'] });
    expect(tool.result.isError, tool.result.content[0]?.text).toBeFalsy();
    const gql = setup();
    const answer = await graphql(gql.app, 'query($p: [String!]!) { coreClean(phrases: $p, measure: [EXACT]) }', { p: PHRASES });
    expect(gql.source.count()).toBe(3);
    expect(mcp.source.count()).toBe(3);
    expect(answer.json.errors, JSON.stringify(answer.json.errors)).toBeUndefined();
    const { total: _total, ...mcpAnswer } = tool.result.structuredContent;
    expect(mcpAnswer).toEqual(restAnswer.json);
    expect(answer.json.data.coreClean).toEqual(restAnswer.json);
    expect(tool.result.content[0]!.text).toContain('zero_exact');
    expect(tool.cost).toBe(Number(restAnswer.headers.get('x-cost')));
    expect(Number(answer.headers.get('x-cost'))).toBe(Number(restAnswer.headers.get('x-cost')));
  });

  const over = Array.from({ length: MAX_LIVE_CALLS_PER_REQUEST + 1 }, (_, i) => `окна ${i}`);

  it('over the live call limit is refused before any call, naming the task route', async () => {
    const { app, source } = setup();
    const rest = await post(app, '/v2/core/clean', { phrases: over, measure: ['exact'] });
    expect(rest.status, rest.text).toBe(400);
    expect(rest.json.code).toBe('QUERY_TOO_COMPLEX');
    expect(rest.text).toContain('POST /v1/keywords/core_clean/task_post');
    const tool = await mcpCall(app, 'core_clean', { phrases: over, measure: ['exact'] });
    expect(tool.result.isError).toBe(true);
    expect(tool.result.content[0]!.text).toContain('/v1/keywords/core_clean/task_post');
    const gql = await graphql(app, 'query($p: [String!]!) { coreClean(phrases: $p, measure: [EXACT]) }', { p: over });
    expect(gql.json.errors?.[0]?.message).toContain('/v1/keywords/core_clean/task_post');
    expect(source.count()).toBe(0);
    // Without measure the same list is local and free.
    const local = await post(app, '/v2/core/clean', { phrases: over });
    expect(local.status).toBe(200);
    expect(source.count()).toBe(0);
  });

  it('runs as a task: one call per phrase, billed by the one rule', async () => {
    const { app, source, taskEnded, close } = await createTaskTestApp();
    apps.push({ close });
    const posted = await post(app, '/v1/keywords/core_clean/task_post', { phrases: over, measure: ['exact'] });
    const entry = posted.json.tasks[0];
    expect(entry.status_code, posted.text).toBe(20100);
    const row = await taskEnded;
    expect(row.price).toBeGreaterThan(0);
    expect(source.count('top')).toBe(over.length);
    const read = await app.fetch(new Request(`http://localhost/v1/keywords/core_clean/task_get/${entry.id}`, { headers: AUTH_HEADER }));
    const task = ((await read.json()) as { tasks: { status_code: number; result: any[] }[] }).tasks[0]!;
    expect(task.status_code).toBe(20000);
    expect(task.result[0].phrases.every((p: { exact: number | null }) => typeof p.exact === 'number' && p.exact > 0)).toBe(true);
  });
});
