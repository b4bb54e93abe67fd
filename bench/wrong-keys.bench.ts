/**
 * Wrong API keys from one peer (issue 25, item 2): for `--seconds`, a guesser on 127.0.0.2 sends a fresh wrong
 * key per request to /v2/stats/top over `--connections` keep-alive connections, while a client on 127.0.0.1 sends
 * its issued key (a cache hit) once every 20 ms. Counts the guesses answered, how many reached the key store
 * (PostgreSQL lookups), what the guesser was answered, and the client's latency and failures.
 *
 *   npm run bench -- wrong-keys --database-url postgres://… [--seconds 3] [--connections 8]
 *
 * The app runs in this process (one event loop for both sides, as on the 2-core machine); the store is
 * PostgreSQL with its LISTEN/NOTIFY change feed, as in production.
 */
import { type IncomingMessage, request, Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app.js';
import { createDatabase } from '../src/composition/database.js';
import { loadConfig } from '../src/config/config.js';
import type { KeyStore } from '../src/ports/key-store.js';
import { silentLogger } from '../src/ports/logger.js';
import { createFakeSource } from '../test/support/fake-source.js';
import { freshSchema } from './support/fresh-schema.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption, option } from './support/options.js';
import { ms, printTable } from './support/table.js';

const databaseUrl = option('database-url', process.env.DATABASE_URL ?? '');
const seconds = numberOption('seconds', 3);
const connections = numberOption('connections', 8);

function send(agent: Agent, port: number, localAddress: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, localAddress, agent, method: 'POST', path: '/v2/stats/top', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } },
      (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{"phrase":"ноутбук"}');
  });
}

async function main(): Promise<void> {
  if (!databaseUrl) {
    console.log('wrong-keys: skipped (give --database-url or DATABASE_URL)');
    return;
  }
  console.log(machineLine());
  console.log(loadLine());
  const schema = await freshSchema(databaseUrl, 'bench_wrong_keys');
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: schema.url, API_KEYS: 'bench-static-key-0123456789', TASK_WORKERS: '0', LOG_LEVEL: 'silent' });
  const database = createDatabase(config, { logger: silentLogger, clock: { now: () => Date.now() } });
  await database.ready;
  let lookups = 0;
  const store = database.keyStore;
  const counting: KeyStore & typeof store = {
    ...store,
    findActiveByHash: (hash) => {
      lookups++;
      return store.findActiveByHash(hash);
    },
  };
  const app = createApp(config, { source: createFakeSource(), database: { ...database, keyStore: counting }, logger: silentLogger });
  await app.ready();
  const server = createServer(app.handleNode);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const issued = (await store.create('bench-client')).key;
    const clientAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const guesserAgent = new Agent({ keepAlive: true, maxSockets: connections });
    // Warm-up: the client's key looked up once and cached, the source's answer cached, code compiled.
    for (let i = 0; i < 20; i++) await send(clientAgent, port, '127.0.0.1', issued);
    lookups = 0;

    const until = performance.now() + seconds * 1_000;
    const answered = new Map<number, number>();
    let guesses = 0;
    const guessers = Array.from({ length: connections }, async (_, c) => {
      for (let i = 0; performance.now() < until; i++) {
        const status = await send(guesserAgent, port, '127.0.0.2', `sds_guess_${c}_${i}_${Math.random().toString(36).slice(2)}`);
        answered.set(status, (answered.get(status) ?? 0) + 1);
        guesses++;
      }
    });
    const latencies: number[] = [];
    let clientFailures = 0;
    const client = (async () => {
      while (performance.now() < until) {
        const started = performance.now();
        if ((await send(clientAgent, port, '127.0.0.1', issued)) !== 200) clientFailures++;
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await Promise.all([...guessers, client]);
    clientAgent.destroy();
    guesserAgent.destroy();

    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    const statuses = [...answered].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status}`).join(', ');
    printTable(
      `wrong keys from one peer for ${seconds} s (${connections} connections), an issued key from another`,
      ['guesses answered', 'key-store lookups', 'guesser answered', 'client requests', 'client non-200', 'client p50 ms', 'client p99 ms'],
      [[guesses, lookups, statuses, latencies.length, clientFailures, ms(p(0.5)), ms(p(0.99))]],
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
    await schema.drop();
  }
}

await main();
