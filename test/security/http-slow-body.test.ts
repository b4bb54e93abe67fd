import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { createHttpServer } from '../../src/http/server.js';
import type { StatisticsSource } from '../../src/ports/statistics-source.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createCapturedLogger } from '../support/log-capture.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function listen(app: ReturnType<typeof createTestApp>, requestTimeoutMs: number): Promise<number> {
  server = createHttpServer(app.handleNode, { requestTimeoutMs });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as { port: number }).port;
}

/**
 * Sends headers announcing `Content-Length: 1000`, then one byte of body every `everyMs` until the server
 * answers or closes; resolves with what came back and when.
 */
function trickle(port: number, path: string, everyMs: number): Promise<{ reply: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TEST_KEY}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      );
      timer = setInterval(() => socket.writable && socket.write(' '), everyMs);
    });
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', () => {}); // a reset after the 408 is fine; 'close' follows
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ reply, closedAfterMs: Date.now() - started });
    });
    // real wait: a slow client, against node:http's real request timeout
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after 20 s: ${reply}`));
    }, 20_000).unref();
  });
}

describe('slow bodies (issue 11, item 6)', () => {
  it('REQUEST_TIMEOUT defaults to 30 s and takes the duration syntax', () => {
    expect(loadConfig({}).REQUEST_TIMEOUT).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT: '1s' }).REQUEST_TIMEOUT).toBe(1_000);
    expect(loadConfig({ REQUEST_TIMEOUT: '2m' }).REQUEST_TIMEOUT).toBe(120_000);
    expect(() => loadConfig({ REQUEST_TIMEOUT: 'soon' })).toThrow(/REQUEST_TIMEOUT/);
  });

  it('the server sets headersTimeout and requestTimeout explicitly', () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const created = createHttpServer(app.handleNode, { requestTimeoutMs: 30_000 });
    expect(created.requestTimeout).toBe(30_000);
    expect(created.headersTimeout).toBeLessThanOrEqual(30_000);
    expect(created.headersTimeout).toBeGreaterThan(0);
    expect(createHttpServer(app.handleNode, { requestTimeoutMs: 1_000 }).headersTimeout).toBe(1_000);
  });

  it.each(['/v2/stats/top', '/graphql'])(
    '%s: a body trickling one byte every 300 ms ends with 408 after REQUEST_TIMEOUT (1 s), counted as 408',
    async (path) => {
      const { logger, lines, untilLine } = createCapturedLogger();
      const source = createFakeSource({ answers: formulaAnswers });
      const app = createTestApp({ source, logger });
      const port = await listen(app, 1_000);
      const { reply, closedAfterMs } = await trickle(port, path, 300);
      expect(reply).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAfterMs).toBeGreaterThanOrEqual(900);
      expect(closedAfterMs).toBeLessThan(15_000); // 1 s limit, checked every 250 ms; generous for a busy machine
      expect(source.count()).toBe(0);
      expect(await untilLine((l) => l.msg === 'request', 5_000)).toMatchObject({ route: path, status: 408 });
      expect(lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
    },
  );

  it('the limit covers receiving the request only: an answer that takes longer is not cut', async () => {
    const formula = createFakeSource({ answers: formulaAnswers });
    const slow: StatisticsSource = {
      ...formula,
      top: async (q) => {
        // real wait: an answer slower than node:http's real request timeout
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        return formula.top(q);
      },
    };
    const app = createTestApp({ source: slow });
    const port = await listen(app, 1_000);
    const res = await fetch(`http://127.0.0.1:${port}/v2/stats/top`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phrase: 'ноутбук' }),
    });
    expect(res.status).toBe(200);
  });
});
