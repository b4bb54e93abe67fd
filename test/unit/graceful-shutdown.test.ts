import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGracefulShutdown } from '../../src/observability/graceful-shutdown.js';
import { silentLogger } from '../../src/ports/logger.js';

const agent = new Agent({ keepAlive: true });
let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  server = createServer(handler);
  server.keepAliveTimeout = 60_000; // a shutdown that waited for idle keep-alive sockets would hang the test
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port)));
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('refuses new connections, lets the in-flight request finish, then closes the app', async () => {
    const events: string[] = [];
    let slowArrived!: () => void;
    const slowInFlight = new Promise<void>((resolve) => (slowArrived = resolve));
    // The slow answer is sent once the shutdown has refused a new connection: in flight throughout, on an event.
    let answerSlow!: () => void;
    const slowMayAnswer = new Promise<void>((resolve) => (answerSlow = resolve));
    const port = await listen((req, res) => {
      res.on('finish', () => events.push(`${req.url} sent`));
      if (req.url === '/slow') {
        slowArrived();
        void slowMayAnswer.then(() => res.end('done'));
      } else res.end('ok');
    });
    await get(port, '/fast'); // leaves an idle keep-alive connection behind
    const slow = get(port, '/slow');
    await slowInFlight; // the server is handling it: in flight when the shutdown starts
    const started = Date.now();
    const shutdown = createGracefulShutdown({
      server: server!,
      logger: silentLogger,
      close: async () => {
        events.push('app closed');
      },
    });
    const done = shutdown('SIGTERM');
    expect(shutdown('SIGTERM')).toBe(done); // a second signal joins the first
    await expect(get(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    answerSlow();
    expect(await slow).toEqual({ status: 200, body: 'done' });
    expect(await done).toBe(0);
    expect(events).toEqual(['/fast sent', '/slow sent', 'app closed']);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('cuts requests that outlive the grace period and reports a non-zero exit code', async () => {
    let closed = false;
    let hangArrived!: () => void;
    const hangInFlight = new Promise<void>((resolve) => (hangArrived = resolve));
    const port = await listen(() => hangArrived()); // never answers
    const hanging = get(port, '/hang').catch((error: unknown) => error);
    await hangInFlight;
    const code = await createGracefulShutdown({
      server: server!,
      logger: silentLogger,
      graceMs: 200,
      close: async () => {
        closed = true;
      },
    })('SIGTERM');
    expect(code).toBe(1);
    expect(closed).toBe(true);
    expect(await hanging).toMatchObject({ code: 'ECONNRESET' });
  });
});
