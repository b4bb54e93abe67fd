import { createHook } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { receivedNodeBody } from '../../src/http/node-exchange.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

// Issue 25, item 7: a kept answer over node:http is read, found and written with no promise on its way (each one
// paid AsyncLocalStorage's hooks). The client is a raw socket (callbacks, no promise of its own in the count).

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function listen(handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void): Promise<number> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Writes the raw request (in the pieces given, each after the previous one was sent) and reads the raw answer. */
function rawRequest(port: number, pieces: string[], gapMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const headEnd = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (headEnd !== -1 && length !== undefined && Buffer.byteLength(text.slice(headEnd + 4)) >= Number(length)) {
        socket.end();
        resolve(text);
      }
    });
    socket.on('error', reject);
    const send = (i: number) => {
      if (i >= pieces.length) return;
      socket.write(pieces[i]!);
      if (i + 1 < pieces.length) setTimeout(() => send(i + 1), gapMs);
    };
    socket.on('connect', () => send(0));
  });
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\n${Object.entries({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`;

describe('receivedNodeBody: the body at once, when it is all here', () => {
  it('takes a body that came with its headers a tick after the request is announced, and lets the stream end', async () => {
    const seen: { received?: string; ended: Promise<void> }[] = [];
    const port = await listen((req, res) => {
      process.nextTick(() => {
        const received = receivedNodeBody(req, 1024)?.toString('utf8');
        seen.push({ ...(received === undefined ? {} : { received }), ended: new Promise((resolve) => req.on('end', resolve)) });
        res.writeHead(200, { 'content-length': '2' }).end('ok');
      });
    });
    await rawRequest(port, [post('/', '{"phrase":"ноутбук"}')]);
    expect(seen[0]?.received).toBe('{"phrase":"ноутбук"}');
    await seen[0]?.ended; // read in one go, the stream still reaches its end (and node:http's cleanup after it)
  });

  it('is undefined while the body is still on its way, for a chunked body, and past the limit', async () => {
    const results: (string | undefined)[] = [];
    const port = await listen((req, res) => {
      process.nextTick(() => {
        results.push(receivedNodeBody(req, 16)?.toString('utf8'));
        req.resume();
        req.on('end', () => res.writeHead(200, { 'content-length': '2' }).end('ok'));
      });
    });
    const full = post('/', '{"a":1}');
    const split = full.length - 3;
    await rawRequest(port, [full.slice(0, split), full.slice(split)], 20); // the last bytes come later
    await rawRequest(port, ['POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n']);
    await rawRequest(port, [post('/', JSON.stringify({ phrase: 'x'.repeat(40) }))]);
    await rawRequest(port, [post('/', '{"a":1}')]);
    expect(results).toEqual([undefined, undefined, undefined, '{"a":1}']);
  });
});

describe('a kept answer over node:http', () => {
  it('is written with no promise made on its path (the miss before it makes some)', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const port = await listen(app.handleNode);
    const counts: number[] = [];
    let current = 0;
    // Promises made synchronously under the request's start (app.ts), i.e. by the work of serving it.
    const hook = createHook({
      init(_id, type) {
        if (type === 'PROMISE' && /at start \(.*src[/\\]app\.ts/.test(new Error().stack ?? '')) current++;
      },
    });
    const body = JSON.stringify({ keywords: ['купить ноутбук', 'пицца'], location_code: 2643 });
    const request = post('/v1/keywords/search_volume', body, { authorization: `Bearer ${TEST_KEY}` });
    hook.enable();
    try {
      for (let i = 0; i < 4; i++) {
        current = 0;
        const answer = await rawRequest(port, [request]);
        expect(answer).toMatch(/^HTTP\/1\.1 200/);
        counts.push(current);
        if (i >= 2) expect(answer).toMatch(/x-cache: HIT/i);
      }
    } finally {
      hook.disable();
    }
    expect(counts[0]).toBeGreaterThanOrEqual(1); // the miss awaits at once: the count sees the promises of our work
    expect(counts.slice(2)).toEqual([0, 0]); // kept (the second request keeps it, the next ones are served from it)
    await app.close();
  });

  it('is the same on /graphql: a kept answer for a known caller makes no promise', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const port = await listen(app.handleNode);
    let current = 0;
    const hook = createHook({
      init(_id, type) {
        if (type === 'PROMISE' && /at start \(.*src[/\\]app\.ts/.test(new Error().stack ?? '')) current++;
      },
    });
    const request = post('/graphql', JSON.stringify({ query: '{ top(phrase: "ноутбук") { totalCount } }' }), { authorization: `Bearer ${TEST_KEY}` });
    const counts: number[] = [];
    hook.enable();
    try {
      for (let i = 0; i < 4; i++) {
        current = 0;
        expect(await rawRequest(port, [request])).toMatch(/^HTTP\/1\.1 200/);
        counts.push(current);
      }
    } finally {
      hook.disable();
    }
    expect(counts[0]).toBeGreaterThanOrEqual(1); // Yoga's answer
    expect(counts.slice(2)).toEqual([0, 0]);
    await app.close();
  });

  it('leaves every other request to the pipeline: a body split across packets, a wrong media type, broken JSON, a wrong key', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const port = await listen(app.handleNode);
    const body = JSON.stringify({ keywords: ['пицца'], location_code: 2643 });
    const auth = { authorization: `Bearer ${TEST_KEY}` };
    const request = post('/v1/keywords/search_volume', body, auth);
    await rawRequest(port, [request]);
    expect(await rawRequest(port, [request])).toMatch(/x-cache: HIT/i); // kept from here on
    const split = request.length - 5;
    const late = await rawRequest(port, [request.slice(0, split), request.slice(split)], 20);
    expect(late).toMatch(/^HTTP\/1\.1 200[\s\S]*x-cache: HIT/i); // read by the pipeline, served from the kept answer
    const text = await rawRequest(port, [post('/v1/keywords/search_volume', body, { ...auth, 'content-type': 'text/plain' })]);
    expect(text).toMatch(/^HTTP\/1\.1 415/);
    const broken = await rawRequest(port, [post('/v1/keywords/search_volume', body.slice(0, -1), auth)]);
    expect(broken).toMatch(/^HTTP\/1\.1 400/);
    const stranger = await rawRequest(port, [post('/v1/keywords/search_volume', body, { authorization: 'Bearer not-a-key-0123456789' })]);
    expect(stranger).toMatch(/^HTTP\/1\.1 401/);
    await app.close();
  });
});
