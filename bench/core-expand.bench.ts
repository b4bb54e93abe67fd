/**
 * Collecting a core (issue 27, section 1): POST /v2/core/expand through a real service process against the fake
 * Wordstat (answering from the demo model). Requests overlap on purpose: seeds written in other case and spacing,
 * the same seeds in several requests at once (depth 2: their depth-2 phrases overlap too), then every request
 * again. Figure: GetTop calls counted at the fake ÷ the distinct canonical (phrase, region) calls among them
 * (ideal 1.00: no GetTop asked twice, in a request, across concurrent requests or across repeats), beside the
 * calls the answers say the expansions made (cached ones included).
 *
 *   npm run bench -- core-expand [--requests 12] [--concurrency 6] [--max-calls 20]
 */
import { upstreamEconomy } from './support/canonical-wire.js';
import { startFakeUpstream, wordstatEnv } from './support/fake-upstream.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { serviceEnv, startService } from './support/service-process.js';
import { printTable, ratio } from './support/table.js';

const KEY = 'bench-key-0123456789';
const requests = numberOption('requests', 12);
const concurrency = numberOption('concurrency', 6);
const maxCalls = numberOption('max-calls', 20);

/** Seed lists that overlap: the same phrases in other spellings, shared between requests. */
const SEEDS = [
  ['детский велосипед', 'беговел'],
  ['Детский  велосипед', 'самокат'],
  ['самокат', 'ролики'],
  ['БЕГОВЕЛ', 'детский самокат'],
  ['велосипед', 'электросамокат'],
  ['ролики', 'велосипед'],
];
const REGIONS = [213, undefined];

interface Outcome {
  status: number;
  made: number;
  rows: number;
}

async function expand(url: string, body: unknown): Promise<Outcome> {
  const response = await fetch(`${url}/v2/core/expand`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { calls?: { made: number }; rows?: unknown[] };
  return { status: response.status, made: json.calls?.made ?? 0, rows: json.rows?.length ?? 0 };
}

async function round(url: string, bodies: readonly unknown[]): Promise<Outcome[]> {
  const out: Outcome[] = new Array(bodies.length);
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const i = next++;
      out[i] = await expand(url, bodies[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
  return out;
}

async function main(): Promise<void> {
  process.stdout.write(`${machineLine()}\n${loadLine()}\ncore expand: ${requests} requests a round, ${concurrency} at once, depth 2, max_calls ${maxCalls}\n`);
  const fake = await startFakeUpstream();
  const service = await startService(serviceEnv(KEY, wordstatEnv(fake, { WORDSTAT_RPS: '1000', WORDSTAT_RPH: '1000000' })));
  const rows: (string | number)[][] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 500)); // start-up's region-tree calls are not counted
    fake.reset();
    const bodies = Array.from({ length: requests }, (_, i) => {
      const region = REGIONS[Math.floor(i / SEEDS.length) % REGIONS.length];
      return { seeds: SEEDS[i % SEEDS.length], depth: 2, max_calls: maxCalls, ...(region === undefined ? {} : { region }) };
    });
    let made = 0;
    for (const label of ['first round (concurrent, overlapping)', 'second round (the same requests)']) {
      const started = performance.now();
      const outcomes = await round(service.url, bodies);
      const seconds = (performance.now() - started) / 1000;
      const failed = outcomes.filter((o) => o.status !== 200).length;
      made += outcomes.reduce((sum, o) => sum + o.made, 0);
      const { calls, distinct } = upstreamEconomy(fake.requests);
      const collected = outcomes.reduce((sum, o) => sum + o.rows, 0);
      rows.push([label, bodies.length, failed, `${seconds.toFixed(1)} s`, collected, made, calls, distinct, ratio(calls / distinct)]);
    }
    printTable(
      'core_expand: GetTop calls at the fake ÷ distinct (phrase, region) calls (ideal 1.00); cumulative over the rounds',
      ['round', 'requests', 'failed', 'time', 'rows collected', 'expand calls (cached included)', 'upstream GetTop', 'distinct (phrase, region)', 'RATIO calls / distinct'],
      rows,
    );
  } finally {
    await service.stop();
    await fake.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
