/**
 * Key auth: requests/s of an in-process `authenticate()` with a key issued in PostgreSQL, with and without the
 * in-process key cache. Baseline in the same run: the authenticator without a change feed, which asks the
 * database on every request (what every request did before the cache). **ratio = cached / per-request lookup**.
 * Alternating rounds, so load from other work on the machine falls on both alike.
 *
 *   npm run bench -- key-auth --database-url postgres://… [--seconds 3] [--rounds 3]
 *
 * Measured with one caller (every call of the baseline is a round trip) and with 16 (calls of one key overlap and
 * share a lookup in flight, so the baseline's round trips are fewer than its calls).
 */
import { createPgKeyChangeFeed } from '../src/adapters/key-events/pg-key-change-feed.js';
import { migrate } from '../src/adapters/sql/migrations.js';
import { createPgClient } from '../src/adapters/sql/pg-client.js';
import { createSqlKeyStore } from '../src/adapters/sql/sql-key-store.js';
import { silentLogger } from '../src/ports/logger.js';
import { type Authenticator, createAuthenticator } from '../src/services/auth/authenticator.js';
import { freshSchema } from './support/fresh-schema.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption, option } from './support/options.js';
import { printTable, ratio } from './support/table.js';

const databaseUrl = option('database-url', process.env.DATABASE_URL ?? '');
const seconds = numberOption('seconds', 3);
const rounds = numberOption('rounds', 3);
const concurrencies = [1, 16];

/** Authentications per second over `seconds`, `concurrency` callers each awaiting its previous call. */
async function throughput(auth: Authenticator, header: string, concurrency: number): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1_000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        if (!(await auth.authenticate(header))) throw new Error('the issued key was refused');
        done++;
      }
    }),
  );
  return done / seconds;
}

async function main(): Promise<void> {
  if (!databaseUrl) {
    console.log('key-auth: skipped (give --database-url or DATABASE_URL)');
    return;
  }
  console.log(machineLine());
  const schema = await freshSchema(databaseUrl, 'bench_keys');
  const client = createPgClient({ connectionString: schema.url, logger: silentLogger });
  const feed = createPgKeyChangeFeed({ connectionString: schema.url, logger: silentLogger });
  try {
    await migrate(client);
    const store = createSqlKeyStore({ client });
    const header = `Bearer ${(await store.create('bench')).key}`;
    for (let wait = 0; !feed.isLive(); wait++) {
      if (wait > 500) throw new Error('the key change feed did not come up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const perRequest = createAuthenticator([], store);
    const cached = createAuthenticator([], store, { changes: feed });
    // Warm-up: connections opened, code compiled, the cached one's entry in place.
    await throughput(perRequest, header, 16);
    await throughput(cached, header, 16);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const rows: (string | number)[][] = [];
    for (const concurrency of concurrencies) {
      const results = { perRequest: [] as number[], cached: [] as number[] };
      for (let round = 0; round < rounds; round++) {
        results.perRequest.push(await throughput(perRequest, header, concurrency));
        results.cached.push(await throughput(cached, header, concurrency));
      }
      const base = median(results.perRequest);
      const fast = median(results.cached);
      rows.push(
        [concurrency, 'database lookup per request (baseline)', Math.round(base), results.perRequest.map(Math.round).join(' / '), ''],
        [concurrency, 'in-process key cache (LISTEN/NOTIFY)', Math.round(fast), results.cached.map(Math.round).join(' / '), ratio(fast / base)],
      );
    }
    printTable(`authenticate() with an issued key on PostgreSQL (median of ${rounds} × ${seconds} s)`, ['callers', 'authenticator', 'auth/s', 'rounds', 'RATIO'], rows);
    console.log(loadLine());
  } finally {
    await feed.close();
    await client.close();
    await schema.drop();
  }
}

await main();
