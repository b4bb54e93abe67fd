import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormulaSource } from '../support/formula-source.js';
import { createTestApp, post, TEST_KEY } from '../support/app.js';

// Debian's Chromium driven by playwright-core: nothing is downloaded. CI installs the package (.ci/run).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  console.warn(
    `\n*** SKIPPED: the GraphiQL browser test needs Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH) ***\n`,
  );
}

const QUERY = '{ top(phrase: "ноутбук", numPhrases: 3) { totalCount results { phrase count } } }';

describe.skipIf(!haveChromium)('GraphiQL in a real browser', () => {
  const { source } = createFormulaSource();
  const app = createTestApp({ source });
  let server: Server;
  let base: string;
  let profile: string;
  let browser: BrowserContext;
  const requested: string[] = [];

  beforeAll(async () => {
    server = createServer(app.yoga);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    profile = mkdtempSync(join(tmpdir(), 'graphiql-profile-'));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** Replaces the whole text of a Monaco editor, as a person would: click, select all, type. */
  async function replaceText(page: Page, editor: string, text: string) {
    await page.locator(editor).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(text);
    // The editor closes brackets and quotes as they are typed; those extras sit after the cursor: drop them.
    await page.keyboard.press('Control+Shift+End');
    await page.keyboard.press('Delete');
  }

  const responseText = (page: Page) =>
    page
      .locator('.graphiql-response .view-lines')
      .innerText()
      .then((t) => t.replaceAll('\u00a0', ' '));

  it('runs a query with the Authorization header set in the page and shows the answer', async () => {
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${base}/graphql`);
    await page.locator('.graphiql-query-editor .monaco-editor').waitFor({ timeout: 20_000 });

    // Without a key the page gets the service's 401 answer.
    await replaceText(page, '.graphiql-query-editor .monaco-editor', QUERY);
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('UNAUTHENTICATED');

    await page.getByRole('button', { name: 'Headers', exact: true }).click();
    await replaceText(
      page,
      '.graphiql-editor-tool .graphiql-editor:not(.hidden) .monaco-editor',
      JSON.stringify({ Authorization: `Bearer ${TEST_KEY}` }),
    );
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('totalCount');

    const shown = JSON.parse(await responseText(page));
    const rest = await post(app, '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 3 });
    expect(shown.errors).toBeUndefined();
    expect(shown.data.top).toEqual({ totalCount: rest.json.totalCount, results: rest.json.results });
    expect(shown.data.top.results).toHaveLength(3);

    // Every file the page loaded came from this service: no CDN, nothing from the internet.
    expect(requested.length).toBeGreaterThan(3);
    expect(requested.filter((url) => !url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
  }, 60_000);
});
