/**
 * A 1,000-phrase clustering task on the deferred web-search mode (issue 28): one app in this process (embedded
 * database, one task worker), the search fake's deferred operations with their latency shortened (default 2 s
 * instead of Yandex's 5 minutes), polled every --poll ms, the deferred budget at --rate searches a second. The
 * bound: wall ≤ 1.1 × (latency + calls ÷ rate), the time the engine itself needs: the last search can start only
 * after calls ÷ rate, and answers a latency later.
 *
 *   npm run bench -- core-clusters-task [--phrases 1000] [--latency 2000] [--rate 100] [--poll 100]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeSearch } from '../fakes/search/fake-search.js';
import { demoSerp } from '../src/adapters/demo/serp-model.js';
import { createDeferredWebSearch } from '../src/adapters/search-results/serp-deferred.js';
import { createSyncWebSearch } from '../src/adapters/search-results/serp-sync.js';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { inProcessCall } from './support/in-process-call.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { printTable, ratio } from './support/table.js';

const KEY = 'bench-key-0123456789';
const phrases = numberOption('phrases', 1000);
const latency = numberOption('latency', 2000);
const rate = numberOption('rate', 100);
const poll = numberOption('poll', 100);

const HEADS = ['пластиковые окна', 'ноутбук', 'велосипед', 'диван', 'холодильник', 'кроссовки', 'пицца', 'шины', 'ремонт квартиры', 'натяжные потолки'];
const MODIFIERS = ['купить', 'цена', 'недорого', 'отзывы', 'как выбрать', 'своими руками', 'в москве', 'доставка', 'лучшие', 'рейтинг'];

console.log(machineLine());
console.log(`load before: ${loadLine()}`);
const fake = await startFakeSearch({ model: demoSerp, apiKey: 'AQVN-key', deferredLatencyMs: latency });
const dataDir = mkdtempSync(join(tmpdir(), 'sds-bench-clusters-task-'));
const wire = { baseUrl: fake.url, apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 10_000 };
const app = createApp(
  loadConfig({ API_KEYS: KEY, NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, TASK_WORKERS: '1', SEARCH_RPS: String(rate), WORDSTAT_MAX_WAIT_MS: '60000' }),
  { webSearch: { sync: createSyncWebSearch(wire), deferred: createDeferredWebSearch({ ...wire, operationsBaseUrl: fake.url, pollIntervalMs: poll }) } },
);
await app.ready();
const call = inProcessCall(app, KEY);

try {
  const tag = Math.random().toString(36).slice(2, 6);
  const list = Array.from({ length: phrases }, (_, i) => ({ phrase: `${MODIFIERS[i % 10]} ${HEADS[Math.floor(i / 10) % 10]} ${tag}${Math.floor(i / 100)}`, volume: 1000 - i }));
  const startedAt = Date.now();
  const posted = await call('/v2/core/clusters/task_post', { phrases: list });
  const id = posted.tasks[0].id;
  let task: any;
  let firstSearchAt: number | undefined;
  let lastSearchAt: number | undefined;
  let seen = 0;
  for (;;) {
    task = (await call(`/v2/core/clusters/task_get/${id}`)).tasks[0];
    if (fake.calls.searchAsync > 0) firstSearchAt ??= Date.now();
    if (fake.calls.searchAsync > seen) [seen, lastSearchAt] = [fake.calls.searchAsync, Date.now()];
    if (task.status_code === 20000 || (task.status_code >= 40000 && ![40601, 40602].includes(task.status_code))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const wallMs = Date.now() - startedAt;
  if (task.status_code !== 20000) throw new Error(`task failed: ${task.status_code} ${task.status_message}`);
  const calls = fake.calls.searchAsync;
  const boundMs = latency + (calls / rate) * 1000;
  const result = task.result[0];
  printTable(
    `core_clusters task: ${phrases} phrases on the deferred mode, ${latency} ms an answer, ${rate} searches/s, polled every ${poll} ms`,
    ['searches', 'operation polls', 'clusters / unclustered', 'post → 1st search', 'searches sent over', 'wall', 'latency + calls ÷ rate', 'wall ÷ bound'],
    [
      [
        calls,
        fake.calls.operation,
        `${result.counts.clusters} / ${result.counts.unclustered}`,
        `${((firstSearchAt! - startedAt) / 1000).toFixed(2)} s`,
        `${((lastSearchAt! - firstSearchAt!) / 1000).toFixed(2)} s`,
        `${(wallMs / 1000).toFixed(2)} s`,
        `${(boundMs / 1000).toFixed(2)} s`,
        ratio(wallMs / boundMs),
      ],
    ],
  );
  console.log(`load after: ${loadLine()}`);
} finally {
  await app.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
