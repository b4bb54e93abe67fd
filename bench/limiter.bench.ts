/**
 * The hand-built concurrency limiters against `p-limit`, on the cache-hit path's shape: a /v1 search_volume of
 * 5 keywords maps 5 calls that are all cache hits (they settle at once) under a limit of 8, and a GraphQL
 * request runs its fields' calls one by one through a per-request limit. In one process, alternating rounds,
 * median shown; CPU time per request (this process only).
 *
 *   npm run bench -- limiter [--requests 200000] [--rounds 5]
 *
 * RATIO = p-limit time / hand-built time: above 1 the hand-built one is faster.
 */
import pLimit from 'p-limit';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { printTable, ratio } from './support/table.js';
import { createCallLimit } from '../src/graphql/call-limit.js';
import { mapWithConcurrency } from '../src/services/search-volume.js';

const requests = numberOption('requests', 200_000);
const rounds = numberOption('rounds', 5);
const LIMIT = 8;

type MapLimited = (items: readonly number[], limit: number, fn: (item: number) => Promise<number>) => Promise<number[]>;

/** The hand-built worker-pool map the services keep (measured here as it is, not as a copy). */
const workerPoolMap: MapLimited = (items, limit, fn) => mapWithConcurrency(items, limit, fn);

const pLimitMap: MapLimited = async (items, limit, fn) => {
  const run = pLimit(limit);
  let failed: { error: unknown } | undefined;
  return Promise.all(
    items.map((item) =>
      run(async () => {
        if (failed) throw failed.error;
        try {
          return await fn(item);
        } catch (error) {
          failed ??= { error };
          throw error;
        }
      }),
    ),
  );
};

type RunLimited = (limit: number) => <T>(call: () => Promise<T>) => Promise<T>;

/** The hand-built slot queue GraphQL keeps (src/graphql/call-limit.ts), measured as it is. */
const slotQueue: RunLimited = (limit) => {
  const calls = createCallLimit(limit);
  return (call) => calls.run(call);
};

const pLimitRun: RunLimited = (limit) => {
  const run = pLimit(limit);
  let failure: { error: unknown } | undefined;
  return (call) =>
    run(async () => {
      if (failure) throw failure.error;
      try {
        return await call();
      } catch (error) {
        failure ??= { error };
        throw error;
      }
    });
};

const hit = (item: number) => Promise.resolve(item * 2);
const items = [1, 2, 3, 4, 5];

async function timeIt(map: MapLimited): Promise<number> {
  let sink = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < requests; i++) sink += (await map(items, LIMIT, hit)).length;
  const used = process.cpuUsage(start);
  if (sink !== requests * items.length) throw new Error('lost results');
  return ((used.user + used.system) * 1000) / requests; // ns per request
}

/** A GraphQL request: a limit made for the request, then 5 field calls through it, all cache hits. */
async function timeRun(make: RunLimited): Promise<number> {
  let sink = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const run = make(LIMIT);
    sink += (await Promise.all(items.map((item) => run(() => hit(item))))).length;
  }
  const used = process.cpuUsage(start);
  if (sink !== requests * items.length) throw new Error('lost results');
  return ((used.user + used.system) * 1000) / requests;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

process.stdout.write(`${machineLine()}\n${loadLine()}\n`);
const rows: string[][] = [];
for (const [name, own, lib] of [
  ['map of a list (search_volume, 5 keywords)', () => timeIt(workerPoolMap), () => timeIt(pLimitMap)],
  ['one call at a time (GraphQL fields, 5 calls)', () => timeRun(slotQueue), () => timeRun(pLimitRun)],
] as const) {
  const ownTimes: number[] = [];
  const libTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const sides = [async () => ownTimes.push(await own()), async () => libTimes.push(await lib())];
    if (round % 2 === 1) sides.reverse();
    for (const side of sides) await side();
  }
  const o = median(ownTimes);
  const l = median(libTimes);
  rows.push([name, o.toFixed(0), l.toFixed(0), ratio(l / o)]);
}
printTable(
  'ns per request of 5 cache-hit calls under a limit of 8 (CPU), median of rounds',
  ['shape', 'hand-built', 'p-limit', 'RATIO p-limit / hand-built'],
  rows,
);
