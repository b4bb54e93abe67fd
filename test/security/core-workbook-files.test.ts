import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { createTestApp, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

/*
 * The semantic-core workbook's two doors beyond the usual: a route that reads bodies up to 8 MiB (every other
 * route keeps 1 MiB), and files kept for the key that made them (MCP resources/read).
 */

const OTHER_KEY = 'other-key-0123456789abcdef';
const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

function setup(): App {
  const app = createTestApp({}, { API_KEYS: `${TEST_KEY},${OTHER_KEY}` });
  apps.push(app);
  return app;
}

async function mcp(app: App, key: string, method: string, params: Record<string, unknown>) {
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }),
  );
  return (await response.json()) as { result?: any; error?: { code: number } };
}

/** A body of about `bytes` bytes: phrases with padding that the schema refuses only after reading it. */
const bodyOf = (bytes: number) => JSON.stringify({ phrases: ['велосипед'], pad: 'x'.repeat(bytes) });

describe('core_workbook: body size and kept files', { timeout: 60_000 }, () => {
  it('reads a body over 1 MiB on its own route only, and refuses one over 8 MiB with 413', async () => {
    const app = setup();
    const twoMiB = bodyOf(2 * 1024 * 1024);
    expect((await post(app, '/v2/core/workbook', twoMiB)).status).toBe(200);
    expect((await post(app, '/v2/core/clean', twoMiB)).status).toBe(413);
    expect((await post(app, '/v2/stats/top', JSON.stringify({ phrase: 'велосипед', pad: 'x'.repeat(2 * 1024 * 1024) }))).status).toBe(413);
    expect((await post(app, '/v2/core/workbook', bodyOf(9 * 1024 * 1024))).status).toBe(413);
  });

  it("another key cannot read, nor list, a key's workbook", async () => {
    const app = setup();
    const call = await mcp(app, TEST_KEY, 'tools/call', { name: 'core_workbook', arguments: { phrases: ['велосипед', 'велосипед бесплатно'] } });
    const link = call.result.content.find((c: { type: string }) => c.type === 'resource_link');
    expect((await mcp(app, TEST_KEY, 'resources/read', { uri: link.uri })).result?.contents).toHaveLength(1);
    expect((await mcp(app, OTHER_KEY, 'resources/read', { uri: link.uri })).error?.code).toBe(-32002);
    expect((await mcp(app, OTHER_KEY, 'resources/list', {})).result?.resources.map((r: { uri: string }) => r.uri)).not.toContain(link.uri);
  });
});
