import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/composition/database.js';
import { loadConfig } from '../../src/config/config.js';
import { INVALID_OPERATION_LABEL } from '../../src/graphql/operation-label.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY, createTestClock } from '../support/kit.js';

const RANDOM_LETTERS = randomBytes(1_000_000).map((b) => 97 + (b % 26));
let sent = 0;
/**
 * A mutation whose one root field is named by random letters, a different name each time: user text the
 * ledger must not keep. One random block, rotated, so the test itself neither stalls the loop nor holds 100 MB.
 */
function attackBody(length = 1_000_000): Buffer {
  const at = ++sent % 1000;
  const letters = Buffer.concat([RANDOM_LETTERS.subarray(at), RANDOM_LETTERS.subarray(0, at)]).subarray(0, length);
  return Buffer.concat([Buffer.from('{"query":"mutation { r'), letters, Buffer.from(' }"}')]);
}

// Issue 11, item 2: 100 such requests grew the data dir by 211 MB, and /v1/usage then took 8.6 s and failed with
// `RangeError: Invalid string length` (each request was a ledger group of its own, named by 1 MB of text).
describe('GraphQL ledger bloat: operation names come from the schema, usage stays small and fast', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sds-bloat-'));
  const config = loadConfig({ API_KEYS: TEST_KEY, NODE_ENV: 'test', DATA_DIR: dataDir });
  let database: Database;
  beforeAll(async () => {
    database = createDatabase(config, { logger: silentLogger, clock: createTestClock() });
    await database.ready;
  }, 60_000);
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const auth = { authorization: `Bearer ${TEST_KEY}` };

  it('100 mutations named by 1,000,000 random letters: refused before parsing, no ledger row, no stall; /v1/usage answers at once', async () => {
    const app = createTestApp({ source: createFakeSource(), database, ledger: database.ledger });
    // The process's CPU time per request bounds how long it can hold the loop on an idle machine; the loop delay
    // below also counts the time a busy shared machine does not schedule the process at all.
    let maxCpuMs = 0;
    const send = async (body: Buffer) => {
      const before = process.cpuUsage();
      const res = await app.fetch(
        new Request('http://localhost/graphql', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: new Uint8Array(body) }),
      );
      const used = process.cpuUsage(before);
      maxCpuMs = Math.max(maxCpuMs, (used.user + used.system) / 1000);
      return res;
    };
    const loop = monitorEventLoopDelay({ resolution: 5 });
    // Between requests the loop turns (as it does between sockets in a server), so the histogram sees each
    // request's longest synchronous stretch; in-process requests would otherwise chain on microtasks alone.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // A few of each first: the first requests build Yoga's parts and get their code compiled (the compiler's
    // threads count in the process's CPU time), a one-off per process.
    for (let i = 0; i < 5; i++) {
      await send(attackBody());
      await send(attackBody(50_000));
    }
    maxCpuMs = 0;
    loop.enable();
    for (let i = 0; i < 100; i++) {
      const body = attackBody();
      await turn();
      const res = await send(body);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text.length).toBeLessThan(2000); // the answer does not echo the name
      expect(JSON.parse(text).errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'length' });
    }
    // Names short enough to be parsed are refused by validation (no such Mutation field; the answer quotes the
    // name cut short) or, had they run, recorded under a fixed label: never under the client's text.
    for (let i = 0; i < 20; i++) {
      const body = attackBody(50_000);
      await turn();
      const res = await send(body);
      expect(res.status).toBeLessThan(500);
      expect((await res.text()).length).toBeLessThan(2000);
    }
    await turn();
    await database.ledger.flush();
    await turn();
    const started = performance.now();
    const [usage, health] = await Promise.all([
      app.fetch(new Request('http://localhost/v1/usage', { headers: auth })),
      app.fetch(new Request('http://localhost/healthz')),
    ]);
    const usageMs = performance.now() - started;
    const text = await usage.text();
    await turn();
    loop.disable();
    const maxStallMs = loop.max / 1e6;
    console.log(
      `ledger bloat: max event-loop delay ${maxStallMs.toFixed(1)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, ` +
        `${loop.count} samples), max CPU per request ${maxCpuMs.toFixed(1)} ms, /v1/usage ${usageMs.toFixed(0)} ms, ` +
        `${text.length} bytes, load ${loadavg()[0]!.toFixed(1)}`,
    );

    expect(usage.status).toBe(200);
    expect(health.status).toBe(200);
    expect(text.length).toBeLessThan(10_000);
    const report = JSON.parse(text).tasks[0].result[0];
    expect(report.operations.filter((row: { operation: string }) => row.operation !== INVALID_OPERATION_LABEL)).toEqual([]);
    // Generous against a busy shared machine; the figure itself is logged above (the goal is under 50 ms).
    expect(usageMs).toBeLessThan(2000);
    expect(maxStallMs).toBeLessThan(500);
    expect(maxCpuMs).toBeLessThan(250); // 109 ms was seen at load 15: CPU time stretches when the core is shared too
  }, 120_000);

  it('rows written before the fix (a huge operation name) are reported under a short fixed label', async () => {
    database.ledger.record({ at: new Date(createTestClock().now()), keyId: 'old', operation: `graphql.r${'x'.repeat(100_000)}`, cacheStatus: 'MISS', status: 200, price: 0 });
    await database.ledger.flush();
    const report = await database.usage!.forKey('old');
    expect(report.operations.map((o) => o.operation)).toEqual(['invalid']);
  });
});
