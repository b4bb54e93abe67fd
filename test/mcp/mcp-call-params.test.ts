import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';
import { connectClient, startMcpApp } from './mcp-support.js';

// Issue 26, the small ones: params of tools/call that are not what MCP says are -32602 in words (before: a
// non-object `arguments` was -32603 with a raw zod dump), and the unknown-tool message carries no SDK prefix.

let started: Awaited<ReturnType<typeof startMcpApp>>;
beforeAll(async () => {
  started = await startMcpApp();
});
afterAll(async () => {
  await started?.close();
});

const call = (params: unknown) =>
  post(started.app, '/mcp', { jsonrpc: '2.0', id: 9, method: 'tools/call', params }, { ...AUTH_HEADER, accept: 'application/json, text/event-stream' });

describe('tools/call params', () => {
  it.each([
    ['a string', 'ноутбук'],
    ['an array', ['ноутбук']],
    ['null', null],
    ['a number', 3],
  ])('arguments that are %s: -32602 naming params.arguments, no zod dump, nothing run or billed', async (kind, args) => {
    const rows = started.ledger.rows().length;
    const calls = started.source.calls.length;
    const response = await call({ name: 'wordstat_top', arguments: args });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: {
        code: -32602,
        message: `params.arguments must be an object of the tool's arguments by name, got ${kind}; see the tool's inputSchema in tools/list`,
        data: { code: 'INVALID_FIELD', field: 'arguments', reason: 'wrong_type' },
      },
    });
    expect(started.ledger.rows().length).toBe(rows);
    expect(started.source.calls.length).toBe(calls);
  });

  it('a missing or non-string name: -32602 naming params.name', async () => {
    for (const params of [{ arguments: {} }, { name: 7, arguments: {} }]) {
      const response = await call(params);
      expect(response.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^params\.name must be the tool's name as a string/) });
    }
    const noParams = await call(undefined);
    expect(noParams.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^tools\/call needs params/) });
  });

  it('an unknown tool: -32602 with the message once, without "MCP error -32602" in it (the client adds that once)', async () => {
    const response = await call({ name: 'nope', arguments: {} });
    expect(response.json.error).toEqual({
      code: -32602,
      message: 'unknown tool "nope"; see tools/list',
      data: { code: 'INVALID_FIELD', field: 'name', reason: 'unknown_value' },
    });
    const { client } = await connectClient(started.url);
    const error = await client.callTool({ name: 'nope', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe('MCP error -32602: unknown tool "nope"; see tools/list');
    await client.close();
  });

  it('arguments left out are no arguments (the tool says what it needs); an object runs as before', async () => {
    const missing = await call({ name: 'wordstat_top' });
    expect(missing.json.result).toMatchObject({ isError: true, _meta: { code: 'INVALID_FIELD', field: 'phrase' } });
    const ok = await call({ name: 'wordstat_top', arguments: { phrase: 'ноутбук' } });
    expect(ok.json.result.isError).toBeUndefined();
    expect(ok.json.result.structuredContent).toBeDefined();
  });
});
