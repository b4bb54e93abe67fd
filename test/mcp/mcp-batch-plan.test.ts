import { describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import type { App } from '../../src/app.js';
import { MAX_BATCH_MESSAGES, MAX_LIVE_CALLS_PER_REQUEST } from '../../src/domain/requests/live-limits.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { AUTH_HEADER, createTestClock } from '../support/kit.js';
import { createTestCache } from '../support/memory-cache.js';

/*
 * A JSON-RPC batch on /mcp is one live request (issue 25, item 2): its tool calls are planned together before any
 * runs, against the same per-request call limit and quota plan as one REST request, on every source; and a batch
 * holds at most MAX_BATCH_MESSAGES messages. Before, a 173 KB batch of 50 keyword_search_volume calls made 20,040
 * calls on the demo source in 40 s, each call planned (and, on Wordstat, held) alone.
 */

const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

interface ToolAnswer {
  id: number;
  result?: { isError?: boolean; content: { text: string }[]; _meta: Record<string, any> };
  error?: { code: number; message: string };
}

const searchVolume = (id: number, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'keyword_search_volume', arguments: args },
});

async function postMcp(app: App, body: unknown) {
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
    }),
  );
  const json = (await response.json()) as ToolAnswer[] | ToolAnswer;
  return { status: response.status, cost: Number(response.headers.get('x-cost')), answers: Array.isArray(json) ? json : [json] };
}

function demoApp() {
  const source = createFakeSource();
  const ledger = createMemoryLedger();
  const app = createTestApp({ source, ledger });
  return { app, source, ledger };
}

describe('an MCP batch is one live request', () => {
  it("the issue's batch (50 calls of 100 keywords × 3 match types × 24 months) is refused whole: one error, no call", async () => {
    const { app, source, ledger } = demoApp();
    const args = { keywords: words(100, 'k'), match_types: ['phrase', 'exact', 'order'], history_months: 24 };
    const batch = Array.from({ length: 50 }, (_, i) => searchVolume(i + 1, args));
    const refused = await postMcp(app, batch);
    expect(refused.status).toBe(400);
    expect(refused.cost).toBe(0);
    expect(refused.answers).toHaveLength(1);
    expect(refused.answers[0]!.error).toMatchObject({ code: -32600 });
    expect(refused.answers[0]!.error!.message).toContain(`at most ${MAX_BATCH_MESSAGES} messages`);
    expect(refused.answers[0]!.error!.message).toContain('holds 50');
    expect(source.count()).toBe(0);
    expect(ledger.rows()).toHaveLength(0);
    await app.close();
  });

  it('calls that each fit but together exceed the call limit are all refused before any runs, with the REST message', async () => {
    const { app, source, ledger } = demoApp();
    // 20 calls of 10 keywords: 10 calls each, 200 together (the limit is 100).
    const batch = Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) => searchVolume(i + 1, { keywords: words(10, `b${i}`) }));
    const refused = await postMcp(app, batch);
    expect(refused.status).toBe(200); // JSON-RPC: each call answers for itself
    expect(refused.answers).toHaveLength(MAX_BATCH_MESSAGES);
    for (const answer of refused.answers) {
      expect(answer.result).toMatchObject({ isError: true, _meta: { cost: 0, code: 'QUERY_TOO_COMPLEX', status: 400 } });
      expect(answer.result!.content[0]!.text).toContain(`needs ${MAX_BATCH_MESSAGES * 10} uncached source calls`);
      expect(answer.result!.content[0]!.text).toContain(`at most ${MAX_LIVE_CALLS_PER_REQUEST}`);
    }
    expect(source.count()).toBe(0);
    expect(refused.cost).toBe(0);
    // Each call is still a ledger row of its own, refused at price 0, as a refused single call is.
    expect(ledger.rows().map((row) => [row.operation, row.status, row.price])).toEqual(
      Array.from({ length: MAX_BATCH_MESSAGES }, () => ['mcp.keyword_search_volume', 400, 0]),
    );
    // The same request as REST, one call at a time, is served: the bound is on the request, not on the words.
    const single = await postMcp(app, batch[0]);
    expect(single.answers[0]!.result!.isError).toBeUndefined();
    expect(source.count()).toBe(10);
    await app.close();
  });

  it('a call with a bad argument in a refused batch reports its own field, as it would alone', async () => {
    const { app, source } = demoApp();
    const batch = [searchVolume(1, { keywords: words(60, 'x') }), searchVolume(2, { keywords: words(60, 'y') }), searchVolume(3, { keywords: [''] })];
    const { answers } = await postMcp(app, batch);
    const byId = new Map(answers.map((a) => [a.id, a.result!._meta]));
    expect(byId.get(1)).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    expect(byId.get(2)).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    expect(byId.get(3)).toMatchObject({ code: 'INVALID_FIELD', status: 400, field: 'keywords[0]' });
    expect(source.count()).toBe(0);
    await app.close();
  });

  it('a batch within the plan runs, each call priced as a single call; repeated, no call and the repeat price each', async () => {
    const { app, source } = demoApp();
    const batch = Array.from({ length: 5 }, (_, i) => searchVolume(i + 1, { keywords: words(10, `ok${i}`) }));
    const first = await postMcp(app, batch);
    expect(first.answers.map((a) => a.result!._meta)).toEqual(Array.from({ length: 5 }, () => ({ cost: 1, cacheStatus: 'MISS' })));
    expect(first.cost).toBe(5);
    expect(source.count()).toBe(50);
    const again = await postMcp(app, batch);
    expect(again.answers.map((a) => a.result!._meta)).toEqual(Array.from({ length: 5 }, () => ({ cost: 0.1, cacheStatus: 'HIT' })));
    expect(source.count()).toBe(50);
    await app.close();
  });
});

describe('the quota plan holds for the batch as a whole', () => {
  /** 70 of 100 calls of the hour spent by others: 30 remain. Virtual time: waiting moves the clock. */
  async function quotaApp() {
    const clock = createTestClock();
    const quota = createQuotaScheduler({ rph: 100, rps: 100, maxWaitMs: 2_000, clock, sleep: async (ms) => clock.advance(ms) });
    for (let i = 0; i < 70; i++) await quota.acquire('dynamics');
    const source = createFakeSource({ kind: 'wordstat' });
    const app = createTestApp({ source, quota, clock, cache: createTestCache(clock) });
    return { app, source };
  }

  it('calls that each fit the budget but together do not are refused (403) before any runs', async () => {
    const { app, source } = await quotaApp();
    const batch = Array.from({ length: 4 }, (_, i) => searchVolume(i + 1, { keywords: words(10, `q${i}`) }));
    const { answers } = await postMcp(app, batch);
    for (const answer of answers) {
      expect(answer.result).toMatchObject({ isError: true, _meta: { code: 'SOURCE_QUOTA_EXHAUSTED', status: 403 } });
      expect(answer.result!.content[0]!.text).toContain('needs 40 uncached Wordstat calls and 30 of 100 remain');
    }
    expect(source.count()).toBe(0);
    await app.close();
  });

  it('a batch that fits is planned once: its calls do not ask the budget again for what the batch holds', async () => {
    const { app, source } = await quotaApp();
    // 30 calls: all that remains. Planned alone after the batch's own hold, the second call would find none left.
    const batch = Array.from({ length: 3 }, (_, i) => searchVolume(i + 1, { keywords: words(10, `f${i}`) }));
    const { answers } = await postMcp(app, batch);
    expect(answers.map((a) => a.result!._meta)).toEqual(Array.from({ length: 3 }, () => ({ cost: 1, cacheStatus: 'MISS' })));
    expect(source.count()).toBe(30);
    await app.close();
  });
});
