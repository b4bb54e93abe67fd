import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MCP_TOOLS } from '../../src/mcp/tool-list.js';
import { TEST_KEY } from '../support/kit.js';
import { MODERN_REVISION as MODERN, OTHER_KEY, useMcpApp } from './mcp-support.js';

/*
 * Issue 26: the Tasks extension of MCP 2026-07-28 (io.modelcontextprotocol/tasks) mapped onto our tasks. A call
 * too large for one live request (its live plan refuses it before any source call) becomes, for a client that
 * declares the extension on the request, one of our tasks: a CreateTaskResult (resultType "task"), then
 * tasks/get until completed with the live tool's result, planned and billed as the same task posted through
 * /v1. Without the declaration the call is refused as before, and tasks/* answer -32021.
 */

const started = useMcpApp();

const EXTENSION = 'io.modelcontextprotocol/tasks';
const meta = (declared: boolean) => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': declared ? { extensions: { [EXTENSION]: {} } } : {},
});

let nextId = 1;
/** One raw JSON-RPC request of the modern era (headers as the revision wants them). */
async function rpc(method: string, params: Record<string, unknown>, options: { declared?: boolean; key?: string; name?: string } = {}) {
  const response = await fetch(started.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.key ?? TEST_KEY}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(options.name ? { 'mcp-name': options.name } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: meta(options.declared ?? true) } }),
  });
  const json = (await response.json()) as { result?: Record<string, any>; error?: { code: number; message: string; data?: unknown } };
  return { status: response.status, headers: response.headers, ...json };
}

/** 30 keywords × 3 match types × 24 months: 150 uncached calls, over what one live request may make (fresh words each: a finished task caches them). */
const large = (word: string) => ({ keywords: Array.from({ length: 30 }, (_, i) => `${word} ${i}`), match_types: ['phrase', 'exact', 'order'], history_months: 24 });
const LARGE = large('задача расширения');
const callLarge = (declared: boolean, args = LARGE) => rpc('tools/call', { name: 'keyword_search_volume', arguments: args }, { declared, name: 'keyword_search_volume' });

describe('MCP 2026-07-28: the Tasks extension over our tasks', () => {
  it('server/discover declares the extension', async () => {
    const discover = await rpc('server/discover', {});
    expect(discover.result?.capabilities).toMatchObject({ tools: {}, extensions: { [EXTENSION]: {} } });
  });

  it('without the declaration, the large call is refused as before (no call, cost 0) and tasks/get is -32021', async () => {
    const before = started.source.calls.length;
    const refused = await callLarge(false);
    expect(refused.result).toMatchObject({ isError: true, _meta: { code: 'QUERY_TOO_COMPLEX', cost: 0 } });
    expect(refused.result?.resultType).toBe('complete');
    expect(started.source.calls.length).toBe(before);
    const get = await rpc('tasks/get', { taskId: '00000000-0000-4000-8000-000000000000' }, { declared: false, name: '00000000-0000-4000-8000-000000000000' });
    expect(get.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [EXTENSION]: {} } } } });
  });

  it('declared: a CreateTaskResult, tasks/get until completed with the live tool\'s result (valid against its schema), the same plan and price as /v1\'s task', async () => {
    const created = await callLarge(true);
    expect(created.error).toBeUndefined();
    const task = created.result!;
    expect(task).toMatchObject({ resultType: 'task', status: 'working', taskId: expect.stringMatching(/^[0-9a-f-]{36}$/), createdAt: expect.any(String), ttlMs: null });
    expect(task.statusMessage).toMatch(/of 150 calls done/);

    // Polled after every write to the task database (no timer): the same id through the extension.
    let got: Awaited<ReturnType<typeof rpc>> | undefined;
    await started.untilTasks('the extension task completed', async () => {
      got = await rpc('tasks/get', { taskId: task.taskId }, { name: task.taskId });
      return got.result?.status === 'completed';
    }, 60_000);
    const done = got!.result!;
    expect(done.resultType).toBe('complete');
    expect(done.result.isError).toBeFalsy();
    const tool = MCP_TOOLS.find((t) => t.name === 'keyword_search_volume')!;
    expect(tool.output.safeParse(done.result.structuredContent).success).toBe(true);
    expect(done.result.structuredContent.result.map((r: { keyword: string }) => r.keyword)).toEqual(LARGE.keywords);

    // The same task as /v1 sees it: the plan (150 calls) and the price (billed when it ended).
    const v1 = await fetch(new URL(`/v1/keywords/search_volume/task_get/${task.taskId}`, started.url), { headers: { authorization: `Bearer ${TEST_KEY}` } });
    const v1Task = ((await v1.json()) as { tasks: { cost: number; progress: { calls_total: number } }[] }).tasks[0]!;
    expect(v1Task.progress.calls_total).toBe(150);
    expect(done.result._meta).toMatchObject({ cost: v1Task.cost, calls: 150 });
    expect(v1Task.cost).toBeGreaterThan(0);
  }, 90_000);

  it('tasks/update acknowledges, tasks/cancel cancels; another key\'s task or an unknown id is -32602', async () => {
    const created = (await callLarge(true, large('отмена задачи'))).result!;
    expect(created.resultType).toBe('task');
    const id = created.taskId as string;
    const other = await rpc('tasks/get', { taskId: id }, { key: OTHER_KEY, name: id });
    expect(other.error?.code).toBe(-32602);
    const unknown = await rpc('tasks/cancel', { taskId: 'nope' }, { name: 'nope' });
    expect(unknown.error?.code).toBe(-32602);
    const update = await rpc('tasks/update', { taskId: id, inputResponses: {} }, { name: id });
    expect(update.error, JSON.stringify(update.error)).toBeUndefined();
    expect(update.result).toMatchObject({ resultType: 'complete' });
    const cancel = await rpc('tasks/cancel', { taskId: id }, { name: id });
    expect(cancel.error).toBeUndefined();
    const after = await rpc('tasks/get', { taskId: id }, { name: id });
    // Cooperative: cancelled, or completed when the work ended first (the spec allows either).
    expect(['cancelled', 'completed']).toContain(after.result?.status);
  }, 60_000);
});

describe('the Tasks extension read through the official v2 client', () => {
  // The v2 client (2.4) has no Tasks helper and refuses a tools/call result of resultType "task" ("Unsupported
  // result type"), so the task is made by a raw request; the client reads it with its own request() (docs/decisions.md).
  it('a task made for the large call is read with the client\'s tasks/get until completed: the live tool\'s rows', async () => {
    const created = (await callLarge(true, large('клиент задачи'))).result!;
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    const transport = new StreamableHTTPClientTransport(started.url, { requestInit: { headers: { authorization: `Bearer ${TEST_KEY}` } } });
    const client = new Client({ name: 'mcp-tasks-test', version: '1.0.0' }, { capabilities: { extensions: { [EXTENSION]: {} } }, versionNegotiation: { mode: { pin: MODERN } } });
    await client.connect(transport);
    const anyResult = z.looseObject({});
    let got: Record<string, any> = {};
    await started.untilTasks('the task completed', async () => {
      got = await client.request({ method: 'tasks/get', params: { taskId: created.taskId } }, anyResult);
      return got.status === 'completed';
    }, 60_000);
    expect(got).toMatchObject({ taskId: created.taskId, status: 'completed', result: { structuredContent: { result: expect.any(Array) } } });
    expect(got.result.structuredContent.result).toHaveLength(30);
    await client.close();
  }, 90_000);
});
