import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
  const response = await app.yoga.fetch(request, { req: { socket: { remoteAddress } } } as never);
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
