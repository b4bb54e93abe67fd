import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import { type App, createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import type { FakeSearch } from '../../fakes/search/fake-search.js';

/**
 * Web-search economy across faces (issue 28): one app, the search fake behind it; REST, MCP and GraphQL requests
 * of serp, core_clusters and core_intent over overlapping phrases written in different case and spacing, run
 * concurrently. The figure: searches that reached the fake ÷ distinct (phrase, region, device, depth) among them
 * (1.00: no page fetched twice, whichever face or operation asked first).
 */

const KEY = 'bench-serp-key-0123456789';
const AUTH = { authorization: `Bearer ${KEY}` };

const HEADS = ['диван', 'кресло', 'пластиковые окна', 'ноутбук', 'велосипед', 'матрас', 'шины', 'кофемашина'];
const MODIFIERS = ['купить', 'цена', 'отзывы', 'как выбрать', 'недорого'];

/** The same phrase as a client might write it: case and spacing vary, the page is one. */
const spelled = (phrase: string, i: number) => (i % 3 === 0 ? phrase.toUpperCase() : i % 3 === 1 ? `  ${phrase.replace(' ', '   ')} ` : phrase);

export function createSerpFacesApp(fake: FakeSearch): App {
  const config = loadConfig({ API_KEYS: KEY, NODE_ENV: 'test', SEARCH_SYNC_RPH: '1000000', SEARCH_RPS: '100000' });
  const sync = createSyncWebSearch({ baseUrl: fake.url, apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 10_000 });
  return createApp(config, { ledger: createMemoryLedger(), webSearch: { sync } });
}

type Face = 'rest' | 'mcp' | 'graphql';
interface Request {
  face: Face;
  run(app: App): Promise<boolean>;
}

const json = (body: unknown) => ({ method: 'POST', headers: { ...AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(body) });

async function ok(response: Response, face: Face): Promise<boolean> {
  const body = (await response.json()) as any;
  if (face === 'rest') return response.status === 200;
  if (face === 'graphql') return response.status === 200 && !body.errors;
  return !body.result?.isError;
}

function requestAt(i: number, phrases: readonly string[]): Request {
  const pick = (k: number) => spelled(phrases[(i * 7 + k * 3) % phrases.length]!, i + k);
  const few = [0, 1, 2, 3].map(pick);
  const region = i % 5 === 0 ? 2 : 213;
  const kinds: Request[] = [
    { face: 'rest', run: async (app) => ok(await app.fetch(new Request('http://localhost/v2/stats/serp', json({ phrase: pick(0), region }))), 'rest') },
    { face: 'rest', run: async (app) => ok(await app.fetch(new Request('http://localhost/v2/core/clusters', json({ phrases: few, region }))), 'rest') },
    { face: 'rest', run: async (app) => ok(await app.fetch(new Request('http://localhost/v2/core/intent', json({ phrases: few.slice(0, 2).map((phrase) => ({ phrase, volume: 100 })) }))), 'rest') },
    { face: 'mcp', run: async (app) => ok(await app.fetch(new Request('http://localhost/mcp', json({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'serp', arguments: { phrase: pick(0), region } } }))), 'mcp') },
    {
      face: 'mcp',
      run: async (app) => ok(await app.fetch(new Request('http://localhost/mcp', json({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'core_clusters', arguments: { phrases: few } } }))), 'mcp'),
    },
    { face: 'graphql', run: async (app) => ok(await app.fetch(new Request('http://localhost/graphql', json({ query: 'query($p: String!, $r: Int) { serp(phrase: $p, region: $r) }', variables: { p: pick(0), r: region } }))), 'graphql') },
    { face: 'graphql', run: async (app) => ok(await app.fetch(new Request('http://localhost/graphql', json({ query: 'query($p: [String!]!) { coreClusters(phrases: $p) }', variables: { p: few } }))), 'graphql') },
  ];
  return kinds[i % kinds.length]!;
}

export interface SerpEconomy {
  requests: number;
  failed: number;
  byFace: Record<Face, number>;
  searches: number;
  distinctPages: number;
  ratio: number;
  wallMs: number;
}

/** The distinct page a search at the fake asked for: its text, region, device (user agent) and depth. */
function pageKey(body: any): string {
  return JSON.stringify([body?.query?.queryText, body?.region, body?.userAgent ?? null, body?.groupSpec?.groupsOnPage]);
}

/** Runs `requests` requests, `concurrency` at a time, over `phrases` phrases (heads × modifiers, cycled). */
export async function runSerpFacesWorkload(app: App, fake: FakeSearch, options: { requests: number; concurrency: number; phrases: number }): Promise<SerpEconomy> {
  const phrases = Array.from({ length: options.phrases }, (_, i) => `${MODIFIERS[i % MODIFIERS.length]} ${HEADS[Math.floor(i / MODIFIERS.length) % HEADS.length]}${i >= HEADS.length * MODIFIERS.length ? ` ${i}` : ''}`);
  const byFace: Record<Face, number> = { rest: 0, mcp: 0, graphql: 0 };
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.requests) {
      const request = requestAt(next++, phrases);
      byFace[request.face]++;
      if (!(await request.run(app))) failed++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const searches = fake.requests.filter((r) => r.kind === 'search' && r.status === 200);
  const distinctPages = new Set(searches.map((r) => pageKey(r.body))).size;
  return { requests: options.requests, failed, byFace, searches: searches.length, distinctPages, ratio: distinctPages === 0 ? 1 : searches.length / distinctPages, wallMs: performance.now() - started };
}
