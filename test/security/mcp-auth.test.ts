import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, startMcpApp } from '../mcp/mcp-support.js';
import { TEST_KEY } from '../support/kit.js';

// /mcp takes the same Bearer key as every face, before the MCP transport reads anything.

let started: Awaited<ReturnType<typeof startMcpApp>>;
beforeAll(async () => {
  started = await startMcpApp();
});
afterAll(async () => {
  await started?.close();
});

describe('MCP over HTTP: the Bearer key, as on every face', () => {
  const initialize = (headers: Record<string, string>) =>
    fetch(started.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
      }),
    });

  it('without a key: 401 with WWW-Authenticate: Bearer; the SDK client cannot connect', async () => {
    const response = await initialize({});
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining('API key') } });
    await expect(connectClient(started.url, null)).rejects.toMatchObject({ code: 401 });
  });

  it('with a wrong key: 401, nothing recorded', async () => {
    const rowsBefore = started.ledger.rows().length;
    const response = await initialize({ authorization: 'Bearer not-a-key' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    await expect(connectClient(started.url, 'wrong-key-0000')).rejects.toMatchObject({ code: 401 });
    expect(started.ledger.rows().length).toBe(rowsBefore);
  });

  it('with the key: initialize answers JSON (stateless, no session id); GET has no stream to open (405)', async () => {
    const response = await initialize({ authorization: `Bearer ${TEST_KEY}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toMatchObject({ result: { serverInfo: { name: 'search-demand-stats' } } });
    const get = await fetch(started.url, { headers: { authorization: `Bearer ${TEST_KEY}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('MCP over HTTP: what a caller without a valid key cannot do', () => {
  const toolCall = (headers: Record<string, string>, url = started.url) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'wordstat_top', arguments: { phrase: 'ноутбук' } } }),
    });

  it('a tool call without a key, with a key in the query string or with a non-Bearer scheme spends nothing', async () => {
    const calls = started.source.calls.length;
    const rows = started.ledger.rows().length;
    const attempts = [
      await toolCall({}),
      await toolCall({}, new URL(`${started.url.href}?api_key=${TEST_KEY}`)),
      await toolCall({ authorization: `Basic ${Buffer.from(`user:${TEST_KEY}`).toString('base64')}` }),
      await toolCall({ authorization: `Bearer ${TEST_KEY}x` }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(started.source.calls.length).toBe(calls);
    expect(started.ledger.rows().length).toBe(rows);
  });

  it('a body over the limit is refused (413) before any JSON-RPC is parsed', async () => {
    const calls = started.source.calls.length;
    const response = await fetch(started.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wordstat_top', arguments: { phrase: 'x'.repeat(1024 * 1024 + 10) } } }),
    });
    expect(response.status).toBe(413);
    expect(started.source.calls.length).toBe(calls);
  });
});
