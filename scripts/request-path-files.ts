/**
 * How many of our source files one request runs through, socket to source and back (issue 25, item 9).
 *
 *   npx tsx scripts/request-path-files.ts [--list]
 *
 * Builds the app as `npm start` does (demo source, memory ledger), serves it on a loopback node:http server,
 * warms each request up (so lazy loading and first-use work are not counted), then records V8 precise coverage
 * (function call counts) around one more request of each kind and counts the files under src/ with any function
 * called. `--list` prints the files. What a newcomer must read is fewer (ARCHITECTURE.md names them); this
 * counts every file a request touches, helpers included, so the figure cannot be argued down by the reader.
 */
import { Session } from 'node:inspector/promises';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const KEY = 'path-files-key-0123456789';
const list = process.argv.includes('--list');

const { createApp } = await import(pathToFileURL(join(ROOT, 'src/app.ts')).href);
const { loadConfig } = await import(pathToFileURL(join(ROOT, 'src/config/config.ts')).href);
const { createMemoryLedger } = await import(pathToFileURL(join(ROOT, 'src/adapters/memory-ledger.ts')).href);
const { createHttpServer } = await import(pathToFileURL(join(ROOT, 'src/http/server.ts')).href);

const config = loadConfig({ API_KEYS: KEY, SOURCE: 'demo', NODE_ENV: 'development', LOG_LEVEL: 'silent' });
const app = createApp(config, { ledger: createMemoryLedger() });
await app.ready();
const server = createHttpServer(app.handleNode, { requestTimeoutMs: 30_000 });
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

let n = 0;
const cases: { name: string; send: () => Promise<Response> }[] = [
  { name: 'POST /v2/stats/top (hit)', send: () => post('/v2/stats/top', { phrase: 'ноутбук', numPhrases: 10 }) },
  { name: 'POST /v2/stats/top (miss)', send: () => post('/v2/stats/top', { phrase: `ноутбук ${++n}x`, numPhrases: 10 }) },
  { name: 'POST /v1/keywords/search_volume (hit)', send: () => post('/v1/keywords/search_volume', { keywords: ['пицца', 'велосипед'] }) },
  { name: 'POST /v1/keywords/search_volume (miss)', send: () => post('/v1/keywords/search_volume', { keywords: [`пицца ${++n}x`] }) },
  { name: 'POST /graphql (hit)', send: () => post('/graphql', { query: '{ top(phrase: "ноутбук", numPhrases: 10) { totalCount } }' }) },
];

function post(path: string, body: unknown): Promise<Response> {
  return fetch(base + path, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
const srcRoot = pathToFileURL(join(ROOT, 'src')).href;
for (const c of cases) {
  for (let i = 0; i < 3; i++) await (await c.send()).arrayBuffer();
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await session.post('Profiler.takePreciseCoverage'); // resets the counts
  const response = await c.send();
  await response.arrayBuffer();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  await session.post('Profiler.stopPreciseCoverage');
  const files = result
    .filter((script) => script.url.startsWith(srcRoot) && script.functions.some((f) => f.ranges.some((r) => r.count > 0)))
    .map((script) => relative(ROOT, new URL(script.url).pathname))
    .sort();
  console.log(`${c.name}: HTTP ${response.status}, ${files.length} files under src/`);
  if (list) for (const file of files) console.log(`  ${file}`);
}
session.disconnect();
server.close();
await app.close();
process.exit(0);
