import { afterAll, beforeAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createDemoWebSearch } from '../../src/adapters/demo/demo-search-results.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { SerpQuery } from '../../src/ports/web-search.js';
import { createTestPglite } from '../support/pglite.js';
import type { App } from '../../src/app.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { createFakeSource, type FakeSourceOptions } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';
import { watchWrites } from '../support/db-writes.js';

/**
 * The app on a real port (0: a free one), with a fixture source that records upstream calls, and tasks kept in
 * an in-memory embedded database run by one worker (the task tools).
 */
export async function startMcpApp(sourceOptions: FakeSourceOptions = {}) {
  const source = createFakeSource(sourceOptions);
  const ledger = createMemoryLedger();
  const taskClient = await createTestPglite();
  const tasks = watchWrites(taskClient);
  // The demo's results pages, counted: web search is an upstream of its own (the serp tool).
  const demoPages = createDemoWebSearch();
  const searches = { count: 0 };
  const webSearch = { sync: { mode: 'sync' as const, search: (query: SerpQuery) => (searches.count++, demoPages.search(query)) } };
  const app: App = createTestApp({ source, ledger, catalog: createFixtureCatalog(), taskClient: tasks.client, webSearch }, { TASK_WORKERS: '1', API_KEYS: `${TEST_KEY},${OTHER_KEY}` });
  await app.ready();
  const server: Server = createServer(app.handleNode);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  return {
    app,
    source,
    /** Web searches that reached the (demo) search engine. */
    searches,
    ledger,
    url,
    /** Waits for a condition on the tasks, checked after every write to their database. */
    untilTasks: tasks.until,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await taskClient.close();
    },
  };
}

/** A second valid key, for tests of what one key may see of another's. */
export const OTHER_KEY = 'other-mcp-key-0123456789';

/** An SDK client over Streamable HTTP; `responses` keeps the headers of every HTTP response it received. */
export async function connectClient(url: URL, key: string | null = TEST_KEY) {
  const responses: { status: number; headers: Headers; body: string }[] = [];
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: key === null ? {} : { headers: { authorization: `Bearer ${key}` } },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const isPost = (init?.method ?? 'GET') === 'POST';
      if (isPost) responses.push({ status: response.status, headers: response.headers, body: await response.clone().text() });
      return response;
    },
  });
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, responses, lastHeaders: () => responses.at(-1)!.headers };
}

type StartedMcpApp = Awaited<ReturnType<typeof startMcpApp>>;

/**
 * The app of a whole test file: started before its tests and closed after them (vitest's beforeAll/afterAll,
 * registered by this call). The object it returns stands for the started app; read it inside tests only.
 */
export function useMcpApp(sourceOptions: FakeSourceOptions = {}): StartedMcpApp {
  let current: StartedMcpApp | undefined;
  beforeAll(async () => {
    current = await startMcpApp(sourceOptions);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as StartedMcpApp, {
    get: (_target, key) => {
      if (!current) throw new Error('the MCP app is read before beforeAll started it: read it inside a test');
      return current[key as keyof StartedMcpApp];
    },
  });
}

/** The stateless revision the modern-era tests pin. */
export const MODERN_REVISION = '2026-07-28';
