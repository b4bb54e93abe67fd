import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookDelivery, failureReason, RetryableDeliveryError } from '../../src/tasks/webhooks/webhook-delivery.js';
import { createCapturedLogger } from '../support/log-capture.js';

/*
 * Issue 25, item 2: a notification that timed out was logged as `"reason":23` — the `code` of the DOMException
 * an AbortSignal timeout raises (TIMEOUT_ERR). The log now says what happened.
 */
const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A TCP server on a free loopback port doing `onConnection` with each connection. */
async function listen(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** A loopback port nobody listens on (one just opened and closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a failed notification is logged as what happened', () => {
  async function attempt(url: string, timeoutMs: number) {
    const { logger, lines } = createCapturedLogger();
    const deliver = createWebhookDelivery({ secret: undefined, allowPrivate: true, timeoutMs, logger });
    const error = await deliver('postback', url, '{}').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RetryableDeliveryError);
    const line = lines().find((l) => l.msg === 'task notification attempt')!;
    expect(line.outcome).toBe('error');
    return { reason: line.reason, message: (error as Error).message };
  }

  it('a receiver that never answers: "timeout after 0.1 s", not 23', async () => {
    const port = await listen(() => {}); // reads nothing, answers nothing
    const { reason, message } = await attempt(`http://127.0.0.1:${port}/cb`, 100);
    expect(reason).toBe('timeout after 0.1 s');
    expect(message).toBe('notification failed: timeout after 0.1 s');
  });

  it('nobody listening: "connection refused"', async () => {
    const { reason } = await attempt(`http://127.0.0.1:${await closedPort()}/cb`, 2_000);
    expect(reason).toBe('connection refused');
  });

  it('a receiver that hangs up: "connection closed by the receiver"', async () => {
    const port = await listen((socket) => socket.once('data', () => socket.end()));
    const { reason } = await attempt(`http://127.0.0.1:${port}/cb`, 2_000);
    expect(reason).toBe('connection closed by the receiver');
  });

  it('the reason is always words: the default 10 s timeout, wrapped causes, unknown errors', () => {
    expect(failureReason(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 10_000)).toBe('timeout after 10 s');
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:80'), { code: 'ECONNREFUSED' });
    expect(failureReason(new AggregateError([refused, refused]), 10_000)).toBe('connection refused');
    expect(failureReason(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ENOTFOUND' }) }), 10_000)).toBe('host not found');
    expect(failureReason(Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), 5_000)).toBe('timeout after 5 s');
    expect(failureReason(Object.assign(new Error('odd'), { code: 'EWHATEVER' }), 10_000)).toBe('failed (EWHATEVER): odd');
    expect(failureReason(Object.assign(new Error('odd'), { code: 23 }), 10_000)).toBe('failed: odd');
  });
});
