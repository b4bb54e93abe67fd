import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createGracefulShutdown } from '../../src/observability/graceful-shutdown.js';
import { createCapturedLogger } from '../support/log-capture.js';
import { startService } from '../../bench/support/service-process.js';
import { TEST_KEY } from '../support/kit.js';

/** A local port nobody listens on (taken, then released): connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const KEY = TEST_KEY;

describe('shutdown with the database and Redis unreachable (issue 11, item 14)', () => {
  it('SIGTERM finishes within the 15 s grace period and logs how many usage rows were not stored', async () => {
    const dbPort = await closedPort();
    const redisPort = await closedPort();
    const service = await startService(
      {
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SOURCE: 'demo',
        API_KEYS: KEY,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${dbPort}/none`,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      },
      { timeoutMs: 60_000 },
    );
    let stdout = '';
    service.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const rows = 5;
    for (let i = 0; i < rows; i++) {
      const res = await fetch(`${service.url}/v2/stats/top`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phrase: `ноутбук ${i}` }),
      });
      expect(res.status).toBe(200);
    }
    const exited = new Promise<number | null>((resolve) => service.child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    service.child.kill('SIGTERM');
    const code = await exited;
    const tookMs = Date.now() - signalledAt;
    await service.stop(); // removes the temporary DATA_DIR
    console.log(`SIGTERM → exit ${code} in ${tookMs} ms`);
    // 15 s is the grace; a second of slack for process exit on a busy machine.
    expect(tookMs).toBeLessThan(16_000);
    expect(code).toBe(1);
    const lines = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((l) => l.unflushedRows !== undefined)).toMatchObject({ unflushedRows: rows });
  }, 120_000);
});

describe('graceful shutdown whose close() hangs (issue 11, item 14)', () => {
  it('still resolves within graceMs, with exit code 1 and the unstored row count', async () => {
    const server = createHttpServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { logger, lines } = createCapturedLogger();
    const shutdown = createGracefulShutdown({
      server,
      close: () => new Promise<void>(() => {}), // a database client waiting forever for an unreachable server
      logger,
      graceMs: 400,
      closeReserveMs: 200,
      unflushedRows: () => 7,
    });
    const startedAt = Date.now();
    const code = await Promise.race([shutdown('SIGTERM'), new Promise((resolve) => setTimeout(resolve, 10_000, 'hung'))]);
    expect(code).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(lines().find((l) => l.unflushedRows !== undefined)).toMatchObject({ unflushedRows: 7, level: 50 });
  });
});
