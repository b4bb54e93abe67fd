/**
 * Upstream economy: a mixed workload (REST /v1 and /v2, GraphQL; overlapping phrases written in different case
 * and spacing) at 50-way concurrency against the fake Wordstat, through real service processes. Figure: upstream
 * calls counted at the fake ÷ distinct canonical upstream requests among them (ideal 1.00: no request made twice).
 *
 * Rows: one process with its in-memory cache; two processes sharing one Redis (REDIS_URL; skipped with a message
 * when unset). The Redis run uses logical database BENCH_REDIS_DB (default 15) unless REDIS_URL names one, so
 * the service's fixed key names (`sds:*`, `wordstat:quota:calls`) stay apart from anything else on that server;
 * phrases carry a fresh tag, and the run deletes its cache keys afterwards.
 *
 *   npm run bench -- upstream-economy [--requests 2000] [--phrases 40] [--concurrency 50]
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { upstreamEconomy } from './support/canonical-wire.js';
import { startFakeUpstream, wordstatEnv } from './support/fake-upstream.js';
import { loadLine, machineLine } from './support/machine.js';
import { mixedWorkload, runWorkload } from './support/mixed-workload.js';
import { numberOption, option } from './support/options.js';
import { type ServiceProcess, serviceEnv, startService } from './support/service-process.js';
import { printTable, ratio } from './support/table.js';

const KEY = 'bench-key-0123456789';
const requests = numberOption('requests', 2000);
const phrases = numberOption('phrases', 40);
const concurrency = numberOption('concurrency', 50);

/** REDIS_URL with the bench's own logical database, unless the URL already names one. */
function benchRedisUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.pathname === '' || parsed.pathname === '/') parsed.pathname = `/${option('redis-db', '15')}`;
  return parsed.toString();
}

async function deleteKeysMatching(url: string, pattern: string): Promise<number> {
  const client = createClient({ url });
  await client.connect();
  try {
    let deleted = 0;
    for await (const keys of client.scanIterator({ MATCH: pattern, COUNT: 500 })) {
      if (keys.length > 0) deleted += await client.unlink(keys);
    }
    return deleted;
  } finally {
    client.destroy();
  }
}

async function main(): Promise<void> {
  process.stdout.write(
    `${machineLine()}\n${loadLine()}\nupstream economy: ${requests} requests, ${phrases} phrases, ${concurrency}-way concurrency\n`,
  );
  const fake = await startFakeUpstream();
  const rows: (string | number)[][] = [];
  // Generous budgets: this measures duplicate calls, not the quota.
  const upstream = wordstatEnv(fake, { WORDSTAT_RPS: '1000', WORDSTAT_RPH: '1000000' });

  const measure = async (label: string, services: ServiceProcess[], tag: string) => {
    await new Promise((resolve) => setTimeout(resolve, 500)); // start-up's region-tree calls are not counted
    fake.reset();
    const items = mixedWorkload(requests, phrases, tag, 1, { matchTypes: true });
    const started = performance.now();
    const outcomes = await runWorkload(services.map((s) => s.url), KEY, items, concurrency);
    const seconds = (performance.now() - started) / 1000;
    const failed = outcomes.filter((o) => o.status !== 200 || o.error);
    const { calls, distinct } = upstreamEconomy(fake.requests);
    rows.push([label, requests, failed.length, `${seconds.toFixed(1)} s`, calls, distinct, ratio(calls / distinct)]);
    for (const f of failed.slice(0, 5)) process.stdout.write(`  failed: ${f.item.kind} → ${f.status} ${f.error ?? ''}\n`);
  };

  try {
    const single = await startService(serviceEnv(KEY, upstream));
    try {
      await measure('1 process, memory cache', [single], randomBytes(3).toString('hex'));
    } finally {
      await single.stop();
    }

    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      process.stdout.write('SKIPPED the two-process figure: set REDIS_URL (e.g. redis://127.0.0.1:6379) to run it\n');
    } else {
      const url = benchRedisUrl(redisUrl);
      const tag = randomBytes(3).toString('hex');
      const pair = await Promise.all([startService(serviceEnv(KEY, { ...upstream, REDIS_URL: url })), startService(serviceEnv(KEY, { ...upstream, REDIS_URL: url }))]);
      try {
        await measure(`2 processes, one Redis (${new URL(url).pathname.slice(1) || '0'})`, pair, tag);
      } finally {
        await Promise.all(pair.map((s) => s.stop()));
        await deleteKeysMatching(url, `sds:*${tag}*`);
      }
    }
    printTable(
      'Upstream economy: upstream calls at the fake ÷ distinct canonical upstream requests (ideal 1.00)',
      ['setup', 'requests', 'failed', 'time', 'upstream calls', 'distinct requests', 'RATIO calls / distinct'],
      rows,
    );
  } finally {
    await fake.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
