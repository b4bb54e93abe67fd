/**
 * Tasks: 1,000 uncached keywords posted as one search_volume task against the fake Wordstat, with the budget
 * "hour" shortened (WORDSTAT_HOUR_MS) so the run takes about a minute. Figures:
 *
 * - wall time ÷ (uncached keywords ÷ tasks' budget rate): how close the task runs to what the budget allows
 *   (goal ≤ 1.05; the first window's calls go at once, so a perfect run is slightly below 1);
 * - upstream calls ÷ distinct uncached keywords (goal 1.00: no keyword fetched twice).
 *
 * The tasks' rate is (WORDSTAT_RPH − LIVE_RESERVE_CALLS) per window: the reserve stays unused, as in production.
 *
 *   npm run bench -- tasks [--keywords 1000] [--rph 100] [--reserve 20] [--window-ms 5000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { startFakeUpstream, wordstatEnv } from './support/fake-upstream.js';
import { inProcessCall } from './support/in-process-call.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { printTable, ratio } from './support/table.js';

const KEY = 'bench-key-0123456789';
const keywords = numberOption('keywords', 1000);
const rph = numberOption('rph', 100);
const reserve = numberOption('reserve', 20);
const windowMs = numberOption('window-ms', 5000);

console.log(machineLine());
console.log(`load before: ${loadLine()}`);
const fake = await startFakeUpstream();
const dataDir = mkdtempSync(join(tmpdir(), 'sds-bench-tasks-'));
const env = wordstatEnv(fake, {
  API_KEYS: KEY,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WORDSTAT_RPH: String(rph),
  WORDSTAT_RPS: '100',
  WORDSTAT_HOUR_MS: String(windowMs),
  LIVE_RESERVE_CALLS: String(reserve),
  TASK_WORKERS: '1',
});
const app = createApp(loadConfig(env));
await app.ready();
const call = inProcessCall(app, KEY);

try {
  const tag = Math.random().toString(36).slice(2, 8);
  const list = Array.from({ length: keywords }, (_, i) => `задача ${tag} ${i}`);
  const startedAt = Date.now();
  const id = (await call('/v1/keywords/search_volume/task_post', { keywords: list })).tasks[0].id;
  let task: any;
  for (;;) {
    task = (await call(`/v1/keywords/search_volume/task_get/${id}`)).tasks[0];
    if (task.status_code === 20000 || task.status_code === 50000) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const wallMs = Date.now() - startedAt;
  if (task.status_code !== 20000) throw new Error(`task failed: ${task.status_message}`);
  const dynamics = fake.requests.filter((r) => r.method === 'dynamics');
  const distinct = new Set(dynamics.map((r) => (r.body as { phrase: string }).phrase)).size;
  const budgetMs = (keywords / (rph - reserve)) * windowMs;
  printTable(
    `tasks: ${keywords} uncached keywords, ${rph} calls per ${windowMs} ms window, ${reserve} kept for live requests`,
    ['wall time', 'keywords ÷ budget rate', 'wall ÷ budget', 'upstream calls', 'distinct uncached', 'calls ÷ distinct'],
    [[`${(wallMs / 1000).toFixed(1)} s`, `${(budgetMs / 1000).toFixed(1)} s`, ratio(wallMs / budgetMs), dynamics.length, distinct, ratio(dynamics.length / keywords)]],
  );
  console.log(`load after: ${loadLine()}`);
} finally {
  await app.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
