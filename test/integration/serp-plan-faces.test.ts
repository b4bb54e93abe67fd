import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { graphql } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';
import { useSearchApps } from '../support/search-apps.js';

/*
 * Issue 28: web searches are summed over a whole GraphQL document and over an MCP JSON-RPC batch, as Wordstat
 * calls are: fields (or calls) that each fit the search budget or the live limit alone are refused together, up
 * front, with no search made; within the budget they run, one search per distinct page.
 */

const search = useSearchApps();

/** An app whose synchronous search budget is `rph` searches an hour. */
const setup = (rph: number): App => search.app({ env: { SEARCH_SYNC_RPH: String(rph) } });

const TWO_PAGES = '{ a: serp(phrase: "купить диван") b: serp(phrase: "купить кресло") }';
const phrases = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} модель ${i}`);

async function mcpBatch(app: App, calls: { name: string; arguments: Record<string, unknown> }[]) {
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(calls.map((params, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params }))),
    }),
  );
  return (await response.json()) as { id: number; result: { isError?: boolean; content: { text: string }[] } }[];
}

describe('web searches in GraphQL’s whole-document plan and in an MCP batch’s shared plan', { timeout: 60_000 }, () => {
  it('GraphQL: two serp fields over the search budget are refused up front; within it both run', async () => {
    const tight = setup(1);
    const refused = await graphql(tight, TWO_PAGES);
    expect(refused.json.data ?? null).toBeNull();
    expect(refused.json.errors[0].extensions.code).toBe('SOURCE_QUOTA_EXHAUSTED');
    expect(refused.json.errors[0].message).toMatch(/2 uncached sync web searches/);
    expect(search.fake.calls.search).toBe(0);
    // One field alone fits the same budget.
    const one = await graphql(tight, '{ serp(phrase: "купить диван") }');
    expect(one.json.errors, JSON.stringify(one.json.errors)).toBeUndefined();
    expect(search.fake.calls.search).toBe(1);

    const roomy = setup(10);
    const both = await graphql(roomy, TWO_PAGES);
    expect(both.json.errors, JSON.stringify(both.json.errors)).toBeUndefined();
    expect(search.fake.calls.search).toBe(1 + 2);
  });

  it('GraphQL: two coreClusters fields over the live limit together (60 + 60 pages) are refused, no search', async () => {
    const app = setup(10_000);
    const document = 'query($a: [String!]!, $b: [String!]!) { x: coreClusters(phrases: $a) y: coreClusters(phrases: $b) }';
    const refused = await graphql(app, document, { a: phrases('диван', 60), b: phrases('кресло', 60) });
    expect(refused.json.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(refused.json.errors[0].message).toMatch(/120 uncached web searches/);
    expect(refused.json.errors[0].message).toContain('post it as a task instead (POST /v2/core/clusters/task_post)');
    expect(search.fake.calls.search).toBe(0);
  });

  it('REST: a live clustering over the live limit is refused naming its task route, no search', async () => {
    const app = setup(10_000);
    const response = await app.fetch(
      new Request('http://localhost/v2/core/clusters', { method: 'POST', headers: { ...AUTH_HEADER, 'content-type': 'application/json' }, body: JSON.stringify({ phrases: phrases('диван', 120) }) }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; detail: string };
    expect(body.code).toBe('QUERY_TOO_COMPLEX');
    expect(body.detail).toMatch(/120 uncached web searches/);
    expect(body.detail).toContain('(POST /v2/core/clusters/task_post)');
    expect(search.fake.calls.search).toBe(0);
  });

  it('MCP batch: two serp calls over the search budget both fail before any search; within it both answer', async () => {
    const tight = setup(1);
    const calls = [
      { name: 'serp', arguments: { phrase: 'купить диван' } },
      { name: 'serp', arguments: { phrase: 'купить кресло' } },
    ];
    const refused = await mcpBatch(tight, calls);
    expect(refused.map((m) => m.result.isError)).toEqual([true, true]);
    expect(refused[0]!.result.content[0]!.text).toMatch(/web searches/);
    expect(search.fake.calls.search).toBe(0);

    const roomy = setup(10);
    const answered = await mcpBatch(roomy, calls);
    expect(answered.map((m) => m.result.isError ?? false)).toEqual([false, false]);
    expect(search.fake.calls.search).toBe(2);
  });

  it('MCP batch: core_clusters and core_intent over the live limit together are refused, no search', async () => {
    const app = setup(10_000);
    const refused = await mcpBatch(app, [
      { name: 'core_clusters', arguments: { phrases: phrases('диван', 60) } },
      { name: 'core_intent', arguments: { phrases: phrases('кресло', 30).map((phrase) => ({ phrase, volume: 1 })) } },
    ]);
    expect(refused.map((m) => m.result.isError)).toEqual([true, true]);
    expect(refused[0]!.result.content[0]!.text).toMatch(/120 uncached web searches/);
    expect(refused[0]!.result.content[0]!.text).toMatch(/post it as a task instead \(POST \/v2\/core\/(clusters|intent)\/task_post\)/);
    expect(search.fake.calls.search).toBe(0);
  });
});
