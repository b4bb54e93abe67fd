/**
 * The GraphQL cache hit of hit-path.bench.ts (keyword + top), measured in-process: the app's `fetch` called
 * N times in a row, no sockets, no load generator. On a shared machine this isolates what the service itself
 * spends per hit; run it on two trees alternately to compare them in the same run.
 *
 *   node --import tsx bench/graphql-hit-loop.ts [--requests 3000] [--rounds 3] [--profile out.cpuprofile] [--yoga]
 *
 * The requests declare their length, as an HTTP client's do, so the hit is served by the kept answers in front of
 * Yoga (src/graphql/kept-answers.ts); `--yoga` leaves Content-Length out, so every hit goes through Yoga as before.
 *
 * Prints one JSON line: for each round, requests per second of wall time and CPU microseconds per request (the
 * CPU figure is the one to compare on a busy machine: other processes stretch the wall time, not our CPU time).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createMemoryLedger } from '../src/adapters/memory-ledger.js';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';

const KEY = 'bench-key-0123456789';
const argValue = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const requests = Number(argValue('requests') ?? 3000);
const rounds = Number(argValue('rounds') ?? 3);
const profileFile = argValue('profile');
const throughYoga = process.argv.includes('--yoga');

const QUERY = `{
  keyword(phrase: "велосипед") { searchVolume competition cpc monthlySearches { year month searchVolume } }
  top(phrase: "ноутбук", numPhrases: 10) { totalCount results { phrase count } }
}`;
const body = JSON.stringify({ query: QUERY });

const app = createApp(loadConfig({ API_KEYS: KEY, NODE_ENV: 'production', SOURCE: 'demo' }), { ledger: createMemoryLedger() });
await app.ready();

async function once(): Promise<Response> {
  const response = await app.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...(throughYoga ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      body,
    }),
  );
  await response.text();
  return response;
}

const first = await once(); // the miss that fills the cache
const hit = await once();
if (hit.status !== 200 || hit.headers.get('x-cache') !== 'HIT') throw new Error(`expected a 200 HIT, got ${hit.status} ${hit.headers.get('x-cache')} (first ${first.status})`);
for (let i = 0; i < 2000; i++) await once(); // warm-up: let V8 optimise

async function profiled<T>(run: () => Promise<T>): Promise<T> {
  if (!profileFile) return run();
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<any>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  const result = await run();
  const { profile } = await post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
  return result;
}

const perSecond: number[] = [];
const cpuMicros: number[] = [];
await profiled(async () => {
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    for (let i = 0; i < requests; i++) await once();
    const used = process.cpuUsage(cpu);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    perSecond.push(Math.round(requests / seconds));
    cpuMicros.push(Math.round((used.user + used.system) / requests));
  }
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
process.stdout.write(`${JSON.stringify({ perSecond, cpuMicrosPerRequest: cpuMicros, medianCpuMicros: median(cpuMicros) })}\n`);
await app.close();
