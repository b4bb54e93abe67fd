/**
 * Cold path: one search_volume of 100 uncached keywords against the fake Wordstat with WORDSTAT_RPS=10, through the
 * real service (src/main.ts in a child process, SOURCE=wordstat). 100 upstream calls at 10 per second cannot take
 * less than about 10 s, so the bound is 10 s and ratio = wall / 10 s (1.00 = as fast as the quota allows).
 *
 *   npm run bench -- cold-path [--keywords 100] [--rps 10] [--rph 100]
 */
import { request } from 'undici';
import { paidCalls, peakCallsIn, startFakeUpstream, wordstatEnv } from './support/fake-upstream.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { serviceEnv, startService } from './support/service-process.js';
import { printTable, ratio } from './support/table.js';

const KEY = 'bench-key-0123456789';
const keywordCount = numberOption('keywords', 100);
const rps = numberOption('rps', 10);
const rph = numberOption('rph', 100);
if (rph < keywordCount) throw new Error(`--rph must be at least --keywords (${keywordCount}): every keyword is one upstream call`);

const VOCABULARY = ['купить', 'ноутбук', 'велосипед', 'пицца', 'ремонт', 'шины', 'доставка', 'цена', 'отзывы', 'москва'];
const keywords = Array.from({ length: keywordCount }, (_, i) => `${VOCABULARY[i % 10]} ${VOCABULARY[Math.floor(i / 10) % 10]} ${i}`);

async function searchVolume(url: string): Promise<{ ms: number; status: number; cache: string; text: string }> {
  const started = performance.now();
  const response = await request(`${url}/v1/keywords/search_volume`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ keywords }),
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });
  const text = await response.body.text();
  return { ms: performance.now() - started, status: response.statusCode, cache: String(response.headers['x-cache']), text };
}

async function main(): Promise<void> {
  process.stdout.write(`${machineLine()}\n${loadLine()}\ncold path: ${keywordCount} keywords, WORDSTAT_RPS=${rps}, WORDSTAT_RPH=${rph}\n`);
  const fake = await startFakeUpstream();
  const service = await startService(
    serviceEnv(KEY, wordstatEnv(fake, { WORDSTAT_RPS: String(rps), WORDSTAT_RPH: String(rph) })),
  );
  try {
    // Let start-up (the free region-tree call) finish, then count from zero.
    await new Promise((resolve) => setTimeout(resolve, 500));
    fake.reset();
    const cold = await searchVolume(service.url);
    if (cold.status !== 200) throw new Error(`cold search_volume: HTTP ${cold.status}: ${cold.text.slice(0, 500)}`);
    const calls = paidCalls(fake);
    const peak = peakCallsIn(fake, 1_000);
    const first = fake.requests[0]?.at ?? NaN;
    const last = fake.requests.at(-1)?.at ?? NaN;
    const warm = await searchVolume(service.url);
    const bound = (keywordCount / rps) * 1000;
    printTable(
      `Cold path: ${keywordCount}-keyword search_volume against the fake Wordstat (bound = ${keywordCount} calls / ${rps} per s)`,
      ['request', 'upstream calls', 'peak calls in any 1 s', 'first → last call', 'wall', 'bound', 'RATIO wall / bound'],
      [
        [`cold (${cold.cache})`, calls, peak, `${((last - first) / 1000).toFixed(2)} s`, `${(cold.ms / 1000).toFixed(2)} s`, `${bound / 1000} s`, ratio(cold.ms / bound)],
        [`repeat (${warm.cache})`, paidCalls(fake) - calls, '', '', `${warm.ms.toFixed(1)} ms`, '', ''],
      ],
    );
    if (calls !== keywordCount) process.stdout.write(`NOTE: expected ${keywordCount} upstream calls, the fake counted ${calls}\n`);
    if (peak > rps) process.stdout.write(`NOTE: ${peak} calls reached the fake within one second (limit ${rps})\n`);
  } finally {
    await service.stop();
    await fake.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
