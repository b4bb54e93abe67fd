import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/mcp/tool-list.js';
import { TEST_KEY } from '../support/kit.js';
import { MODERN_REVISION as MODERN, useMcpApp } from './mcp-support.js';
import { toolArguments } from './tool-arguments.js';

// The 2026-07-28 revision (stateless: server/discover, a _meta envelope on every request) through the v2 SDK
// client pinned to it, on the same /mcp the 2025-era clients use (mcp-http.test.ts).

const started = useMcpApp();


async function connectModern(url: URL) {
  const responses: { status: number; headers: Headers; request: Record<string, string>; sent: string; body: string }[] = [];
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${TEST_KEY}` } },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const request = Object.fromEntries(new Headers(init?.headers).entries());
      const sent = typeof init?.body === 'string' ? init.body : '';
      responses.push({ status: response.status, headers: response.headers, request, sent, body: await response.clone().text() });
      return response;
    },
  });
  const client = new Client({ name: 'mcp-modern-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
  await client.connect(transport);
  return { client, responses };
}

/** A raw POST of one JSON-RPC request, for what the SDK client never sends. */
async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(started.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } } };
}

const envelope = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };

describe('MCP 2026-07-28 over HTTP (the v2 SDK client)', () => {
  it('discovers without initialize or a session, lists the tools with cache hints, calls every tool, valid and invalid arguments', async () => {
    const { client, responses } = await connectModern(started.url);
    // One exchange to connect: server/discover, answered with the revision; no initialize, no session.
    expect(responses.map((r) => (JSON.parse(r.sent) as { method: string }).method)).toEqual(['server/discover']);
    expect(JSON.parse(responses[0]!.body)).toMatchObject({ result: { supportedVersions: expect.arrayContaining([MODERN]) } });

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    expect(responses.every((r) => !r.headers.get('mcp-session-id'))).toBe(true);
    expect(JSON.parse(responses.at(-1)!.sent)).toMatchObject({ params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } } });
    const listed = JSON.parse(responses.at(-1)!.body) as { result: { ttlMs: number; cacheScope: string } };
    expect(listed.result).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });
    expect(responses.at(-1)!.request['mcp-method']).toBe('tools/list');

    const validator = new AjvJsonSchemaValidator();
    const taskOf = (result: { structuredContent?: unknown }) => result.structuredContent as { id: string; status_code: number };
    const tasks = new Set(['task_create', 'task_create_suggestions', 'task_create_locations', 'task_create_core_clean', 'task_create_core_expand', 'task_status', 'task_result']);
    let taskId = '';
    for (const tool of MCP_TOOLS) {
      const name = tool.name;
      if (name === 'task_result') {
        await started.untilTasks('the task finished', async () =>
          taskOf(await client.callTool({ name: 'task_status', arguments: { id: taskId } })).status_code === 20000,
        30_000);
      }
      const args = toolArguments(name, taskId);
      const result = await client.callTool({ name, arguments: args });
      if (name === 'task_create') taskId = taskOf(result).id;
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      const schema = tools.find((t) => t.name === name)!.outputSchema!;
      const checked = validator.getValidator(schema as never)(result.structuredContent);
      expect(checked.errorMessage, name).toBeUndefined();
      const last = responses.at(-1)!;
      expect(last.request['mcp-method']).toBe('tools/call');
      expect(last.request['mcp-name']).toBe(name);
      expect(last.headers.get('x-cost')).toBe(String(result._meta!.cost));
      const raw = JSON.parse(last.body) as { result: { ttlMs: number; cacheScope: string } };
      if (tool.free === true || tasks.has(name)) expect(raw.result.cacheScope, name).toBe('private');
      else expect(raw.result, name).toMatchObject({ cacheScope: 'public', ttlMs: expect.any(Number) });
      if (raw.result.cacheScope === 'public') expect(raw.result.ttlMs, name).toBeGreaterThan(0);

      // Invalid arguments: a required argument missing, or one of the wrong type: a tool error, billed 0.
      const required = (tools.find((t) => t.name === name)!.inputSchema.required ?? []) as string[];
      const wrong = required.length > 0 ? {} : { limit: 'many', id: 5, query: 5 };
      const bad = await client.callTool({ name, arguments: wrong });
      if (required.length > 0 || bad.isError) {
        expect(bad.isError, `${name} with ${JSON.stringify(wrong)}`).toBe(true);
        expect(bad._meta, name).toMatchObject({ cost: 0, code: expect.any(String) });
      }
    }
    await client.close();
  });

  it('a v2 client in auto mode negotiates 2026-07-28; the same client in legacy mode gets the 2025 era', async () => {
    for (const [mode, era] of [['auto', 'modern'], ['legacy', 'legacy']] as const) {
      const transport = new StreamableHTTPClientTransport(started.url, { requestInit: { headers: { authorization: `Bearer ${TEST_KEY}` } } });
      const client = new Client({ name: 'mcp-auto-test', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(transport);
      expect(client.getProtocolEra(), mode).toBe(era);
      const result = await client.callTool({ name: 'region_search', arguments: { query: 'moscow' } });
      expect(result.isError, mode).toBeFalsy();
      await client.close();
    }
  });

  it('bills and records a modern call as a 2025 one, and refuses bad arguments in the pipeline (billed 0)', async () => {
    const { client, responses } = await connectModern(started.url);
    const args = { name: 'wordstat_top', arguments: { phrase: 'велосипед', numPhrases: 5 } };
    const first = await client.callTool(args);
    expect(first._meta).toMatchObject({ cost: 1, cacheStatus: 'MISS' });
    const again = await client.callTool(args);
    expect(again._meta).toMatchObject({ cost: 0.1, cacheStatus: 'HIT' });
    expect(responses.at(-1)!.headers.get('x-cache')).toBe('HIT');

    const bad = await client.callTool({ name: 'wordstat_dynamics', arguments: { phrase: 'x', period: 'yearly' } });
    expect(bad.isError).toBe(true);
    expect(bad._meta).toMatchObject({ cost: 0, code: 'INVALID_FIELD', field: 'period' });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/unknown tool "no_such_tool"/);
    await client.close();
  });

  it('answers arguments that are not an object with -32602, and a header that contradicts the body', async () => {
    const call = (args: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wordstat_top', arguments: args, _meta: envelope } });
    const headers = { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'wordstat_top' };
    const notObject = await post(call([1, 2]), headers);
    expect(notObject.json.error?.code).toBe(-32602);
    expect(notObject.json.error?.message).toMatch(/arguments must be an object/);

    const unknown = await post({ ...call({}), params: { name: 'nope', arguments: {}, _meta: envelope } }, { ...headers, 'mcp-name': 'nope' });
    expect(unknown.json.error).toMatchObject({ code: -32602, message: 'unknown tool "nope"; see tools/list', data: { field: 'name' } });

    const mismatch = await post(call({ phrase: 'x' }), { ...headers, 'mcp-name': 'wordstat_regions' });
    expect(mismatch.json.error?.code).toBe(-32020);
    expect(mismatch.json.result).toBeUndefined();

    const batch = await post([call({ phrase: 'x' }), call({ phrase: 'y' })], { 'mcp-protocol-version': MODERN });
    // The revision has no batches: the v2 handler refuses one whole, and nothing runs or is billed.
    expect(batch.status).toBe(400);
    expect(batch.json.error?.code).toBe(-32600);
    expect(batch.headers.get('x-cost')).toBe('0');
    const noKey = await fetch(started.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN }, body: '{}' });
    expect(noKey.status).toBe(401);

    const discover = await post({ jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: envelope } }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' });
    expect(discover.json.result).toMatchObject({
      supportedVersions: [MODERN],
      capabilities: { tools: {} },
      ttlMs: 3_600_000,
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'search-demand-stats' } },
    });
  });
});
