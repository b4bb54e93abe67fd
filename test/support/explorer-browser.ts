import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp } from './app.js';
import { buildExplorerPage } from './explorer-build.js';
import { TEST_KEY } from './kit.js';
import { createTestPglite } from './pglite.js';

/** Debian's Chromium driven by playwright-core: nothing is downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

/** Screenshots and downloads of the browser tests (git-ignored): look at them after a run. */
export const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-artifacts', 'explorer');

/**
 * The explorer page served by a test app on the demo source (tasks in an embedded database, one worker), and a
 * headless Chromium: call inside a describe; it registers its own beforeAll and afterAll. `open` gives a tab at a
 * width and locale whose console errors, page errors and requests elsewhere are collected in `problems` and `foreign`;
 * set `refusals.expected` while the page sends requests the API must refuse (Chromium logs each 400 as an error).
 */
export function useExplorerBrowser() {
  const page = buildExplorerPage();
  const dataDir = mkdtempSync(join(tmpdir(), 'explorer-data-'));
  // The kept development key is the test key, so the page may offer it to this loopback browser.
  writeFileSync(join(dataDir, 'dev-api-key'), `${TEST_KEY}\n`);
  let taskClient: SqlClient;
  let server: Server;
  let browser: Browser;
  const state = { app: undefined as unknown as ReturnType<typeof createTestApp>, base: '' };
  const problems: string[] = [];
  const foreign: string[] = [];
  const refusals = { expected: false };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    taskClient = await createTestPglite();
    state.app = createTestApp({ explorerPageDir: page.dir, taskClient }, { DATA_DIR: dataDir, SOURCE: 'demo', TASK_WORKERS: '1', EXPLORER_OFFER_DEV_KEY: 'true' });
    await state.app.ready();
    server = createServer(state.app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // "localhost" as a person types it; the page is then same-origin with its API.
    state.base = `http://localhost:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await state.app?.close();
    await taskClient?.close();
    rmSync(page.dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A new tab at `width` px in `locale`, once the page has taken the offered development key. */
  async function open(width: number, locale: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale, acceptDownloads: true });
    const tab = await context.newPage();
    tab.on('console', (message) => {
      if (refusals.expected && /status of 400 \(Bad Request\)/.test(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    tab.on('request', (request) => {
      if (!request.url().startsWith(state.base) && !/^(data|blob):/.test(request.url())) foreign.push(request.url());
    });
    await tab.goto(`${state.base}/`);
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    return tab;
  }

  return { app: () => state.app, base: () => state.base, browser: () => browser, open, problems, foreign, refusals };
}
