/**
 * Cache bound: RSS growth of the real service (src/main.ts, demo source, memory cache) while it caches distinct
 * `numPhrases: 2000` top answers, each a different phrase, with CACHE_MAX_BYTES = `--max-mib` (default 64).
 * Baseline in the same run: the same load against a service whose cache holds almost nothing (1 MiB), so what
 * the request handling and the ledger take cancels out. **ratio = (growth − baseline growth) / CACHE_MAX_BYTES**;
 * the goal is ≤ 1.5. Raw growth is shown too (it includes the baseline's).
 *
 *   npm run bench -- cache-bound [--max-mib 64] [--requests 1500] [--concurrency 4]
 */
import { request } from 'undici';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { startService, serviceEnv, type ServiceProcess } from './support/service-process.js';
import { mib, printTable, ratio } from './support/table.js';

const KEY = 'bench-cache-bound-key-0123456789';
const maxMiB = numberOption('max-mib', 64);
const requests = numberOption('requests', 1500);
const concurrency = numberOption('concurrency', 4);

interface Run {
  label: string;
  cacheBytes: number;
  before: number;
  peak: number;
  after: number;
  answerBytes: number;
  seconds: number;
  failures: number;
}

async function top(service: ServiceProcess, phrase: string): Promise<{ status: number; bytes: number }> {
  const res = await request(`${service.url}/v2/stats/top`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ phrase, numPhrases: 2000 }),
  });
  const body = await res.body.arrayBuffer();
  return { status: res.statusCode, bytes: body.byteLength };
}

async function measure(label: string, cacheBytes: number): Promise<Run> {
  const service = await startService(serviceEnv(KEY, { CACHE_MAX_BYTES: String(cacheBytes) }), { timeoutMs: 120_000 });
  try {
    // Warm-up: code paths compiled, the ledger's first writes done, the heap at its working size.
    for (let i = 0; i < 40; i++) await top(service, `разогрев ${label} ${i}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = service.rssBytes()!;
    let peak = before;
    let next = 0;
    let failures = 0;
    let answerBytes = 0;
    const started = performance.now();
    const sampler = setInterval(() => (peak = Math.max(peak, service.rssBytes() ?? 0)), 200);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          const i = next++;
          const res = await top(service, `товар ${i} вариант ${label}`);
          if (res.status !== 200) failures++;
          answerBytes = Math.max(answerBytes, res.bytes);
        }
      }),
    );
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = service.rssBytes()!;
    peak = Math.max(peak, after);
    return { label, cacheBytes, before, peak, after, answerBytes, seconds, failures };
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  process.stdout.write(`${machineLine()}\n${loadLine()}\n`);
  const limit = maxMiB * 2 ** 20;
  const baseline = await measure('baseline', 2 ** 20);
  const bounded = await measure('bounded', limit);
  process.stdout.write(`${loadLine()}\n`);
  const growth = (r: Run) => r.peak - r.before;
  const extra = growth(bounded) - growth(baseline);
  printTable(
    `Cache bound: ${requests} distinct numPhrases=2000 answers (≈${Math.round(bounded.answerBytes / 1024)} KiB of JSON each), ${concurrency} at a time`,
    ['service', 'CACHE_MAX_BYTES', 'RSS before', 'RSS peak', 'RSS after', 'peak growth', 'time', 'failures'],
    [baseline, bounded].map((r) => [
      r.label,
      mib(r.cacheBytes),
      mib(r.before),
      mib(r.peak),
      mib(r.after),
      mib(growth(r)),
      `${r.seconds.toFixed(1)} s`,
      r.failures,
    ]),
  );
  const within = extra <= 1.5 * limit;
  printTable('Growth attributable to the cache (ratio = (bounded − baseline) / CACHE_MAX_BYTES; goal ≤ 1.50×)', ['extra growth', 'CACHE_MAX_BYTES', 'RATIO', 'within 1.5×'], [
    [mib(extra), mib(limit), ratio(extra / limit), within ? 'yes' : 'NO'],
  ]);
  if (!within || bounded.failures + baseline.failures > 0) process.exitCode = 1;
}

void main();
