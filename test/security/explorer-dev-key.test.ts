import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../src/http/server.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

// The explorer may hand the development key to a browser on the same machine, so a newcomer needs no docs.
// That key must never reach anyone else: not in production, not another address, not through a proxy, not to
// a page of another site (DNS rebinding or a cross-site fetch), and never a real key.
const dirs: string[] = [];
function appWith(options: { devKeyFile?: string; env?: Record<string, string> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-dev-key-'));
  dirs.push(dir);
  if (options.devKeyFile) writeFileSync(join(dir, 'dev-api-key'), `${options.devKeyFile}\n`);
  return createTestApp(
    { source: createFakeSource({ answers: callNumberAnswers, latencyMs: 0 }) },
    { DATA_DIR: dir, EXPLORER_OFFER_DEV_KEY: 'true', ...options.env },
  );
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function ask(app: ReturnType<typeof appWith>, remoteAddress: string | undefined, headers: Record<string, string> = {}) {
  const request = new Request('http://localhost:8080/explorer/dev-key', { headers: { host: 'localhost:8080', ...headers } });
  const response = await app.fetch(request, remoteAddress);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ((await response.json()) as { key: string | null }).key;
}

describe('the explorer offers the development key only to a loopback browser of a development instance', () => {
  it('offers it to 127.0.0.1 and ::1 asking with a loopback Host', async () => {
    const app = appWith({ devKeyFile: TEST_KEY });
    expect(await ask(app, '127.0.0.1')).toBe(TEST_KEY);
    expect(await ask(app, '::1', { host: '[::1]:8080' })).toBe(TEST_KEY);
    expect(await ask(app, '::ffff:127.0.0.1', { host: '127.0.0.1:8080', 'sec-fetch-site': 'same-origin' })).toBe(TEST_KEY);
  });

  it.each([
    ['another address', '192.168.1.20', {}],
    ['no socket (not a network request)', undefined, {}],
    ['a proxy on this machine (X-Forwarded-For)', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
    ['a proxy on this machine (Forwarded)', '127.0.0.1', { forwarded: 'for=203.0.113.9' }],
    ['a proxy on this machine (X-Real-IP)', '127.0.0.1', { 'x-real-ip': '203.0.113.9' }],
    ['a rebinding DNS name', '127.0.0.1', { host: 'evil.example:8080' }],
    ['a cross-site fetch', '127.0.0.1', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site (other origin) fetch', '127.0.0.1', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s', async (_case, remote, headers) => {
    const app = appWith({ devKeyFile: TEST_KEY });
    expect(await ask(app, remote, headers)).toBeNull();
  });

  // Issue 24, item 13: what a browser on this machine sends is allowed, anything else refuses the offer. Each of
  // these came through a proxy in the attack, while the deny-list of three forwarding headers let them pass.
  it.each([
    ['via', '1.1 proxy.example'],
    ['x-forwarded-host', 'stats.example.com'],
    ['x-forwarded-proto', 'https'],
    ['x-client-ip', '203.0.113.9'],
    ['cf-connecting-ip', '203.0.113.9'],
    ['true-client-ip', '203.0.113.9'],
    ['fastly-client-ip', '203.0.113.9'],
    ['x-cluster-client-ip', '203.0.113.9'],
    ['client-ip', '203.0.113.9'],
    ['x-original-forwarded-for', '203.0.113.9'],
    ['x-some-proxy-nobody-listed', '1'],
  ])('refuses a request carrying %s (a header no browser sends)', async (name, value) => {
    const app = appWith({ devKeyFile: TEST_KEY });
    expect(await ask(app, '127.0.0.1', { [name]: value })).toBeNull();
  });

  it.each([
    ['a foreign Referer', { referer: 'https://stats.example.com/' }],
    ['a Referer of another local port', { referer: 'http://localhost:3000/' }],
    ['a Referer over https (a TLS proxy in front)', { referer: 'https://localhost:8080/' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an Origin of another local port', { origin: 'http://127.0.0.1:8080' }], // Host is localhost:8080
    ['an opaque Origin', { origin: 'null' }],
    ['an unparsable Referer', { referer: 'not a url' }],
  ])('refuses %s', async (_case, headers) => {
    const app = appWith({ devKeyFile: TEST_KEY });
    expect(await ask(app, '127.0.0.1', headers)).toBeNull();
  });

  it.each([
    [
      'Chrome',
      {
        connection: 'keep-alive',
        'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
        'sec-ch-ua-mobile': '?0',
        'sec-ch-ua-platform': '"Linux"',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        accept: 'application/json',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
        'sec-fetch-dest': 'empty',
        referer: 'http://localhost:8080/',
        'accept-encoding': 'gzip, deflate, br, zstd',
        'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8',
        cookie: 'other-local-app=1',
        priority: 'u=1, i',
      },
    ],
    [
      'Firefox',
      {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
        accept: 'application/json',
        'accept-language': 'en-US,en;q=0.5',
        'accept-encoding': 'gzip, deflate, br, zstd',
        referer: 'http://localhost:8080/',
        dnt: '1',
        'sec-gpc': '1',
        connection: 'keep-alive',
        'sec-fetch-dest': 'empty',
        'sec-fetch-mode': 'cors',
        'sec-fetch-site': 'same-origin',
        pragma: 'no-cache',
        'cache-control': 'no-cache',
      },
    ],
    ['a same-origin Origin', { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' }],
  ])('still offers it to %s on this machine asking the page\'s fetch', async (_browser, headers) => {
    const app = appWith({ devKeyFile: TEST_KEY });
    expect(await ask(app, '127.0.0.1', headers)).toBe(TEST_KEY);
  });

  it('over a real socket: a local fetch gets the key, the same fetch with a proxy header does not', async () => {
    const app = appWith({ devKeyFile: TEST_KEY });
    const server = createHttpServer(app.handleNode, { requestTimeoutMs: 5_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/explorer/dev-key`;
      const get = async (headers: Record<string, string>) => ((await (await fetch(url, { headers })).json()) as { key: string | null }).key;
      expect(await get({ accept: 'application/json' })).toBe(TEST_KEY);
      expect(await get({ accept: 'application/json', via: '1.1 nginx' })).toBeNull();
      expect(await get({ accept: 'application/json', 'cf-connecting-ip': '203.0.113.9' })).toBeNull();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('never without the explicit development flag, even to loopback with a loopback Host and no proxy headers (issue 20, item 18)', async () => {
    // A reverse proxy that adds no forwarding header makes every visitor look like this request.
    const dir = mkdtempSync(join(tmpdir(), 'explorer-dev-key-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'dev-api-key'), `${TEST_KEY}\n`);
    for (const env of [{}, { EXPLORER_OFFER_DEV_KEY: 'false' }] as Record<string, string>[]) {
      const app = createTestApp({ source: createFakeSource() }, { DATA_DIR: dir, ...env });
      expect(await ask(app, '127.0.0.1')).toBeNull();
    }
  });

  it('never in production, even to loopback', async () => {
    const app = appWith({ devKeyFile: TEST_KEY, env: { NODE_ENV: 'production' } });
    expect(await ask(app, '127.0.0.1')).toBeNull();
  });

  it('never a key that is not the kept development key (keys given in API_KEYS are real keys)', async () => {
    expect(await ask(appWith(), '127.0.0.1')).toBeNull();
    expect(await ask(appWith({ devKeyFile: 'dev_some-other-key-not-accepted' }), '127.0.0.1')).toBeNull();
  });
});
