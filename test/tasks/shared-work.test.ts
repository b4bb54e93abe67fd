import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { type FakeWordstat, startFakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { createPrivateRedis, hasRedisServerBinary, type PrivateRedis } from '../fakes/redis-server.js';
import { call, type ServiceProcess, startServiceProcess, waitDone } from './process-harness.js';

const DATABASE_URL = process.env.DATABASE_URL;
const canRun = Boolean(DATABASE_URL) && hasRedisServerBinary();
if (!canRun) console.warn('[skipped] tasks shared by two processes: set DATABASE_URL and install redis-server to run it');

/** Slots granted in the shared call log, read off the Redis server's MONITOR feed: the time (ms) of each one. */
async function watchGrants(url: string): Promise<{ grants: number[]; stop(): Promise<void> }> {
  const grants: number[] = [];
  const client = createClient({ url });
  await client.connect();
  // The quota's Lua script adds a call as `ZADD <key> <at> <lane:id>`; `at` is the slot on Redis's clock.
  await client.monitor((line: string) => {
    const args = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
    if (args[0]?.toUpperCase() === 'ZADD' && args[1]?.endsWith('quota:calls') && args[3]?.startsWith('task:')) grants.push(Number(args[2]));
  });
  return { grants, stop: () => client.close() };
}

/** The most entries of `times` in any window [t, t + ms). */
function peakIn(times: readonly number[], ms: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  let peak = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= ms) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

/*
 * Two service processes share one PostgreSQL (a schema of this run) and one Redis (a private server of this run,
 * so no other suite's calls or keys meet this one's, and nothing is left behind). Tasks of two keys with
 * overlapping keywords are posted to different processes: every keyword is fetched once in all, and the shared
 * budget (30 task calls per 5 s hour here) is never exceeded.
 */
describe.skipIf(!canRun)('tasks shared by two processes (PostgreSQL + Redis)', () => {
  const schema = `tasks_${randomBytes(4).toString('hex')}`;
  let fake: FakeWordstat;
  let admin: pg.Client;
  let redis: PrivateRedis;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    redis = await createPrivateRedis();
    await redis.start();
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog()) });
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await fake?.close();
    await redis?.kill();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`).catch(() => {});
    await admin?.end();
  });

  it('fetches no keyword twice and stays within the shared budget', async () => {
    const url = new URL(DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = {
      SOURCE: 'wordstat',
      YANDEX_API_KEY: 'k',
      YANDEX_FOLDER_ID: 'f',
      WORDSTAT_BASE_URL: fake.url,
      WORDSTAT_RPS: '20',
      WORDSTAT_RPH: '40',
      LIVE_RESERVE_CALLS: '10',
      WORDSTAT_HOUR_MS: '5000',
      DATABASE_URL: url.toString(),
      REDIS_URL: redis.url,
      TASK_QUEUE_SCHEMA: `${schema}_boss`,
      TASK_WORKERS: '2',
    };
    const [a, b] = await Promise.all([startServiceProcess(env), startServiceProcess(env)]);
    processes.push(a, b);
    const watch = await watchGrants(redis.url);
    const tag = randomBytes(3).toString('hex');
    const first = Array.from({ length: 40 }, (_, i) => `общий ${tag} ${i}`);
    const second = [...first.slice(20), ...Array.from({ length: 20 }, (_, i) => `второй ${tag} ${i}`)];
    const idA = (await call(a.url, '/v1/keywords/search_volume/task_post', { keywords: first })).json.tasks[0].id;
    const idB = (await call(b.url, '/v1/keywords/search_volume/task_post', { keywords: second })).json.tasks[0].id;
    // Either process can answer for any task: they share the database.
    const [doneA, doneB] = await Promise.all([waitDone(b.url, idA, 240_000), waitDone(a.url, idB, 240_000)]);
    expect(doneA.result).toHaveLength(40);
    expect(doneB.result).toHaveLength(40);

    const dynamics = fake.requests.filter((r) => r.method === 'dynamics');
    const phrases = dynamics.map((r) => (r.body as { phrase: string }).phrase);
    expect(new Set(phrases).size).toBe(60);
    expect(phrases).toHaveLength(60); // the 20 shared keywords were fetched once, by one process
    await watch.stop();

    // The budget is kept where it is decided: at most 30 task slots in any 5 s (the upstream's hour here; the
    // scheduler adds a 100 ms margin), on the one clock of the shared log. Before, this was counted from the
    // fake's arrival stamps over a 4.5 s window, and failed once with 32: an arrival is stamped by this (vitest)
    // process, on the same two busy cores as both services, Redis and the rest of the suite, so a call's
    // stamp trails its slot by however long the processes were kept off the CPU (measured here: 1–46 ms on a
    // quiet run, over 100 ms on a busy one, and in the failure over 600 ms) — the window then measured the load
    // of the machine, not the quota.
    expect(watch.grants).toHaveLength(60);
    expect(peakIn(watch.grants, 5_000)).toBeLessThanOrEqual(30);
    // Every call the upstream saw had its slot, and left at it: the k-th arrival comes after the k-th slot (no
    // call before its turn) and within 2 s of it (a call whose slot was taken at its turn and sent only after
    // a wait for the next window, the fault this guards, arrives seconds late).
    const slots = [...watch.grants].sort((x, y) => x - y);
    const arrivals = dynamics.map((r) => r.at).sort((x, y) => x - y);
    expect(arrivals).toHaveLength(slots.length);
    const lag = arrivals.map((at, k) => at - slots[k]!);
    expect(Math.min(...lag)).toBeGreaterThanOrEqual(-5); // two readings of one host clock: ms rounding
    expect(Math.max(...lag)).toBeLessThan(2_000);
  }, 400_000);
});
