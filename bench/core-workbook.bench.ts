/**
 * Issue 27, sections 2 and 3, under load: the real service (src/main.ts, demo source) answering a live
 * `POST /v2/core/clean` of 10,000 phrases, then `POST /v2/core/workbook` of the same 10,000 with volumes and 24
 * months each (a 10,000-row core sheet of 45 columns), while this process probes /healthz every 10 ms. Per request:
 * wall time, /healthz p99 and max, the service's RSS growth (peak, sampled every 20 ms, over RSS before); each
 * after one warm-up of the same kind (the dictionary, the word lists and ExcelJS loaded). Then in process: the
 * workbook written alone, with the longest event-loop stall (monitorEventLoopDelay) and its RSS.
 * Goals: /healthz p99 ≤ 100 ms while either runs; RSS bounded (rows are made a page at a time, never all held).
 *
 *   npm run bench -- core-workbook [--phrases 10000] [--rounds 3]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { azMorphologyProvider } from '../src/adapters/morphology/az-morphology.js';
import { loadCoreRules } from '../src/adapters/morphology/core-data.js';
import { loadRegionCatalog } from '../src/adapters/region-data.js';
import { cleanCore } from '../src/domain/core/clean.js';
import { streamCoreWorkbook } from '../src/services/files/core-workbook.js';
import { corePhrases } from './support/core-phrases.js';
import { probeWhile } from './support/healthz-probe.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { serviceEnv, startService } from './support/service-process.js';
import { mib, ms, printTable } from './support/table.js';

const KEY = 'bench-key-0123456789';
const count = numberOption('phrases', 10_000);
const rounds = numberOption('rounds', 3);

const months = (seed: number) => Array.from({ length: 24 }, (_, i) => 100 + ((seed * 31 + i * 17) % 900));
const workbookPhrases = corePhrases(count, 7).map((p, i) => ({
  phrase: p.phrase,
  volume: p.volume,
  volumes: { phrase: Math.round((p.volume ?? 0) / 3), exact: p.exact, order: Math.round((p.volume ?? 0) / 4) },
  months: months(i),
}));

console.log(machineLine());
console.log(`load before: ${loadLine()}`);

const service = await startService(serviceEnv(KEY));
const rows: (string | number)[][] = [];
try {
  const call = (path: string, body: unknown) =>
    fetch(`${service.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const kinds: [string, string, unknown][] = [
    ['clean', '/v2/core/clean', { phrases: corePhrases(count, 5).map((p) => ({ phrase: p.phrase, volume: p.volume })), region: 213 }],
    ['workbook', '/v2/core/workbook', { phrases: workbookPhrases, region: 213, lang: 'ru', first_month: '2024-01' }],
  ];
  for (const [label, path, body] of kinds) {
    const warm = await call(path, body);
    if (warm.status !== 200) throw new Error(`${path}: ${warm.status} ${await warm.text()}`);
    await warm.arrayBuffer();
    for (let round = 1; round <= rounds; round++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const run = await probeWhile(service.url, () => service.rssBytes(), async () => (await (await call(path, body)).arrayBuffer()).byteLength);
      const { result: size, wallMs: wall, latencies, p99 } = run;
      rows.push([`${label} ${count}`, round, `${(size / 1024 / 1024).toFixed(1)} MiB`, ms(wall), latencies.length, ms(p99), ms(latencies.at(-1) ?? 0), mib(run.rssGrowth)]);
    }
  }
} finally {
  await service.stop();
}
printTable(
  `live core clean and core workbook of ${count.toLocaleString('en')} phrases, the service process (demo source)`,
  ['request', 'round', 'answer', 'wall ms', 'probes', '/healthz p99 ms', '/healthz max ms', 'RSS growth (peak)'],
  rows,
);

// In process: the workbook alone, its longest loop stall and RSS.
const morphology = await azMorphologyProvider.get();
const clean = cleanCore(workbookPhrases, { rules: loadCoreRules(), catalog: loadRegionCatalog(), regionId: 213 }, morphology);
const figures = workbookPhrases.map((p) => ({ volume: p.volume, ...p.volumes, months: p.months }));
const facts = { lang: 'ru' as const, source: 'demo' as const, operation: 'core_workbook', region: 'Москва', collectedAt: '2026-11-26 21:00 (Europe/Moscow)', matchTypes: ['phrase', 'exact', 'order'] as const, hasCpc: false, notes: [] };
const inProcess: (string | number)[][] = [];
for (let round = 1; round <= rounds; round++) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of streamCoreWorkbook({ clean, figures, facts: { ...facts, matchTypes: [...facts.matchTypes] }, firstMonth: { year: 2024, month: 1 }, version: 'bench' })) bytes += chunk.length;
  const wall = performance.now() - started;
  histogram.disable();
  clearInterval(sampler);
  inProcess.push([round, ms(wall), `${(bytes / 1024 / 1024).toFixed(1)} MiB`, ms(histogram.max / 1e6), mib(peak - rssBefore)]);
}
printTable(`the workbook alone, in process (${count.toLocaleString('en')} rows × 45 columns)`, ['round', 'wall ms', 'file', 'longest stall ms', 'RSS growth (peak)'], inProcess);
console.log(`load after: ${loadLine()}`);
