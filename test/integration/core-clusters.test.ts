import { describe, expect, it } from 'vitest';
import { useSearchApps } from '../support/search-apps.js';
import { graphql, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';

/*
 * Issue 28: POST /v2/core/clusters on the web-search fake: one search per distinct page, shared with serp; bad
 * input refused with 400 naming the field before any search.
 */

const search = useSearchApps();
const setup = () => search.app();

const PHRASES = [
  { phrase: 'купить пластиковые окна', volume: 5000 },
  { phrase: 'пластиковые окна цена', volume: 3000 },
  { phrase: 'пластиковые окна недорого', volume: 1200 },
  { phrase: 'купить ноутбук', volume: 9000 },
  { phrase: 'ноутбук цена', volume: 4000 },
  { phrase: 'как мыть пластиковые окна', volume: 700 },
  'Купить пластиковые окна',
];

describe('core_clusters: POST /v2/core/clusters, MCP core_clusters, GraphQL coreClusters', { timeout: 60_000 }, () => {
  it('groups phrases whose pages share URLs, one search per distinct page, the serp cache shared', async () => {
    const app = setup();
    const response = await post(app, '/v2/core/clusters', { phrases: PHRASES, threshold: 4 });
    expect(response.status, response.text).toBe(200);
    const markers = response.json.clusters.map((c: { marker: string }) => c.marker);
    expect(markers).toEqual(['купить ноутбук', 'купить пластиковые окна']);
    const windows = response.json.clusters[1];
    expect(windows.members.map((m: { phrase: string }) => m.phrase)).toEqual(['купить пластиковые окна', 'пластиковые окна цена', 'пластиковые окна недорого']);
    expect(windows.volume).toBe(9200);
    expect(response.json.unclustered.map((m: { phrase: string }) => m.phrase)).toEqual(['как мыть пластиковые окна']);
    // Six distinct phrases (the capitalised repeat is one of them): six searches, and serp reads the same pages.
    expect(search.fake.calls.search).toBe(6);
    const serp = await post(app, '/v2/stats/serp', { phrase: 'пластиковые окна цена' });
    expect(serp.headers.get('x-cache')).toBe('HIT');
    const again = await post(app, '/v2/core/clusters', { phrases: PHRASES, threshold: 4, mode: 'hard' });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(search.fake.calls.search).toBe(6);
  });

  it('answers on MCP and GraphQL with the same clusters', async () => {
    const app = setup();
    const rest = await post(app, '/v2/core/clusters', { phrases: PHRASES });
    const gql = await graphql(app, 'query($p: [String!]!) { coreClusters(phrases: $p) }', { p: PHRASES.map((p) => (typeof p === 'string' ? p : p.phrase)) });
    expect(gql.json.errors, JSON.stringify(gql.json.errors)).toBeUndefined();
    expect(gql.json.data.coreClusters.counts.phrases).toBe(rest.json.counts.phrases);
    const mcp = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'core_clusters', arguments: { phrases: PHRASES } } }),
      }),
    );
    const { result } = (await mcp.json()) as { result: { isError?: boolean; structuredContent: { clusters: { id: string }[] } } };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.clusters.map((c) => c.id)).toEqual(rest.json.clusters.map((c: { id: string }) => c.id));
    expect(search.fake.calls.search).toBe(6);
  });

  it.each([
    [{}, 'phrases'],
    [{ phrases: [] }, 'phrases'],
    [{ phrases: Array.from({ length: 10_001 }, (_, i) => `фраза ${i}`) }, 'phrases'],
    [{ phrases: ['окна'], threshold: 1 }, 'threshold'],
    [{ phrases: ['окна'], threshold: 11 }, 'threshold'],
    [{ phrases: ['окна'], depth: 15 }, 'depth'],
    [{ phrases: ['окна'], region: 999_999_999 }, 'region'],
    [{ phrases: ['окна'], mode: 'strict' }, 'mode'],
    [{ phrases: ['окна'], exclude_home_pages: 'yes' }, 'exclude_home_pages'],
  ])('refuses %# with 400 naming %s before any search', async (body, field) => {
    const app = setup();
    const response = await post(app, '/v2/core/clusters', body);
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(JSON.stringify(response.json)).toContain(field);
    expect(search.fake.calls.search).toBe(0);
  });

  it('over the live limit of uncached pages it is refused before any search', async () => {
    const app = setup();
    const response = await post(app, '/v2/core/clusters', { phrases: Array.from({ length: 101 }, (_, i) => `окна модель ${i}`) });
    expect(response.status, response.text).toBe(400);
    expect(response.text).toMatch(/web searches/);
    expect(search.fake.calls.search).toBe(0);
  });
});
