/**
 * An MCP JSON-RPC batch against the demo source (issue 25, item 2): a batch that fits the live plan (20
 * calls of 1 keyword, three match types and 24 months: 100 calls), then the batch of the issue — 50
 * keyword_search_volume calls of 100 keywords with the same options. For each: HTTP status, source calls
 * made (sds_source_calls_total), wall time, and the longest /healthz answer while it ran (probed every 10 ms).
 *
 *   npm run bench -- mcp-batch [--before COMMIT]   (--before: the same measurements on that commit, in the same run)
 *
 * The service is src/main.ts in a child process (SOURCE=demo, embedded PGlite), as `npm start` runs it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLine, machineLine } from './support/machine.js';
import { option } from './support/options.js';
import { ROOT, startNodeProcess } from './support/service-process.js';
import { ms, printTable } from './support/table.js';
import { serviceEnv } from './support/service-process.js';

const KEY = 'bench-mcp-batch-key-0123456789';
const before = option('before', '');

const call = (id: number, keywords: string[]) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'keyword_search_volume', arguments: { keywords, match_types: ['phrase', 'exact', 'order'], history_months: 24 } },
});
const keywords = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `запрос ${tag} ${i}`);

const BATCHES = [
  // The small one first: both codes run it on a cold process.
  { name: 'a batch that fits: 20 calls × 1 keyword', body: (run: string) => Array.from({ length: 20 }, (_, i) => call(i + 1, keywords(1, `${run}-fit-${i}`))) },
  { name: "issue's batch: 50 calls × 100 keywords", body: (run: string) => Array.from({ length: 50 }, (_, i) => call(i + 1, keywords(100, `${run}-${i}`))) },
];

async function sourceCalls(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('sds_source_calls_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** Probes /healthz every 10 ms until stopped; the longest answer seen. */
function probeHealth(url: string) {
  let longest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return longest;
  };
}

/** A checkout of `ref` in a temporary directory (node_modules linked), or the working tree. */
function checkout(ref: string): { dir: string; remove(): void } {
  if (!ref) return { dir: ROOT, remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'sds-mcp-batch-'));
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `tag` keeps each run's keywords apart (plain words: parentheses would be Wordstat operators). */
async function measure(label: string, ref: string, tag: string): Promise<(string | number)[][]> {
  const tree = checkout(ref);
  const dataDir = mkdtempSync(join(tmpdir(), 'sds-bench-'));
  const service = await startNodeProcess(join(tree.dir, 'src', 'main.ts'), {
    cwd: tree.dir,
    env: serviceEnv(KEY, { DATA_DIR: dataDir }),
    timeoutMs: 120_000,
  });
  const rows: (string | number)[][] = [];
  try {
    for (const batch of BATCHES) {
      const body = JSON.stringify(batch.body(tag));
      const calls = await sourceCalls(service.url);
      const stop = probeHealth(service.url);
      const started = performance.now();
      const response = await fetch(`${service.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
      await response.arrayBuffer();
      const wall = performance.now() - started;
      const stall = await stop();
      rows.push([label, batch.name, `${Math.round(body.length / 1024)} KB`, response.status, (await sourceCalls(service.url)) - calls, ms(wall), ms(stall)]);
    }
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
    tree.remove();
  }
  return rows;
}

console.log(machineLine());
console.log(loadLine());
const rows = [...(before ? await measure(`before (${before.slice(0, 7)})`, before, 'до') : []), ...(await measure('after (working tree)', '', 'после'))];
printTable('MCP batch on the demo source', ['code', 'batch', 'body', 'HTTP', 'source calls', 'wall ms', 'longest /healthz ms'], rows);
console.log(loadLine());
