import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/mcp/tool-list.js';
import { TEST_KEY } from '../support/kit.js';
import { connectClient, OTHER_KEY, startMcpApp } from './mcp-support.js';

type Started = Awaited<ReturnType<typeof startMcpApp>>;
let started: Started;

beforeAll(async () => {
  started = await startMcpApp();
});
afterAll(async () => {
  await started?.close();
});

/** Arguments that make each tool answer with data from the fixture source. */
const CALLS: Record<string, Record<string, unknown>> = {
  wordstat_top: { phrase: 'ноутбук', numPhrases: 3 },
  wordstat_dynamics: { phrase: 'пицца', period: 'monthly' },
  wordstat_regions: { phrase: 'пицца', limit: 3 },
  keyword_search_volume: { keywords: ['купить ноутбук', 'пицца'] },
  keyword_suggestions: { keyword: 'ноутбук', limit: 3 },
  keyword_locations: { keyword: 'пицца', limit: 2 },
  region_search: { query: 'moscow' },
  task_create: { keywords: ['купить ноутбук', 'пицца', 'велосипед'], tag: 'mcp' },
  task_create_suggestions: { keyword: 'ноутбук', limit: 3 },
  task_create_locations: { keyword: 'пицца' },
  task_create_core_clean: { phrases: ['купить велосипед', 'велосипед купить'] },
  quota_status: {},
  core_clean: { phrases: ['купить пластиковые окна', 'окна пластиковые купить'], region: 213 },
  core_workbook: { phrases: ['купить пластиковые окна', 'окна пластиковые купить'], region: 213 },
};

type ToolResult = Awaited<ReturnType<Awaited<ReturnType<typeof connectClient>>['client']['callTool']>>;
const taskOf = (result: ToolResult) => result.structuredContent as { id: string; status_code: number; cost: number; result: unknown[] | null };

describe('MCP over Streamable HTTP (the SDK client against the app on a real port)', () => {
  it('lists every tool with an input and an output schema and an English description', async () => {
    const { client } = await connectClient(started.url);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description!.length, tool.name).toBeGreaterThan(60);
    }
    const top = tools.find((t) => t.name === 'wordstat_top')!;
    expect(top.inputSchema.required).toEqual(['phrase']);
    expect(Object.keys(top.inputSchema.properties!)).toEqual(['phrase', 'numPhrases', 'regions', 'devices']);
    expect((top.inputSchema.properties!.numPhrases as { description: string }).description).toMatch(/2000/);
    await client.close();
  });

  it('calls each tool: structured JSON valid against the output schema, a text summary, the cost in _meta', async () => {
    const { client, lastHeaders } = await connectClient(started.url);
    let taskId = '';
    for (const tool of MCP_TOOLS) {
      if (tool.name === 'task_result') {
        // The task runs in the background: read its status (free) after every task write until it is done.
        await started.untilTasks('the task finished', async () =>
          taskOf(await client.callTool({ name: 'task_status', arguments: { id: taskId } })).status_code === 20000,
        30_000);
      }
      const args = tool.name === 'task_status' || tool.name === 'task_result' ? { id: taskId } : CALLS[tool.name]!;
      const result = await client.callTool({ name: tool.name, arguments: args });
      if (tool.name === 'task_create') taskId = taskOf(result).id;
      expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      expect(tool.output.safeParse(result.structuredContent).success, tool.name).toBe(true);
      const text = (result.content as { type: string; text: string }[])[0]!;
      expect(text.type).toBe('text');
      expect(text.text.length, tool.name).toBeGreaterThan(10);
      expect(typeof result._meta?.cost, tool.name).toBe('number');
      expect(lastHeaders().get('x-cost'), tool.name).toBe(String(result._meta!.cost));
    }
    await client.close();
  });

  it('answers what the REST families answer, capped where a list could flood the context', async () => {
    const { client } = await connectClient(started.url);
    const top = await client.callTool({ name: 'wordstat_top', arguments: { phrase: 'ноутбук', numPhrases: 3 } });
    expect(top.structuredContent).toMatchObject({ totalCount: 50_000, results: [{ phrase: 'ноутбук', count: 50_000 }, {}, {}] });
    expect((top.content as { text: string }[])[0]!.text).toContain('50,000');

    const regions = await client.callTool({ name: 'wordstat_regions', arguments: { phrase: 'пицца', limit: 3 } });
    const regionRows = (regions.structuredContent as { regions: { regionId: number }[]; total: number });
    expect(regionRows.regions.map((r) => r.regionId)).toEqual([225, 3, 1]);
    expect(regionRows.total).toBe(9);
    expect((regions.content as { text: string }[])[0]!.text).toContain('showing 3 of 9');
    const defaultCap = await client.callTool({ name: 'wordstat_regions', arguments: { phrase: 'пицца' } });
    expect((defaultCap.structuredContent as { regions: unknown[] }).regions).toHaveLength(9);

    const dynamics = await client.callTool({ name: 'wordstat_dynamics', arguments: { phrase: 'пицца' } });
    const trend = (dynamics.structuredContent as { trend: string }).trend;
    // The first-against-last figure is named for what it is; the class and slope name their window (issue 24, item 5).
    expect((dynamics.content as { text: string }[])[0]!.text).toContain(`last period against the first: ${trend} over 12 periods`);
    expect((dynamics.content as { text: string }[])[0]!.text).toMatch(/\nOver the 12 months: (growing|stable|falling|seasonal), fitted slope -?[\d.]+% a year\./);

    const found = await client.callTool({ name: 'region_search', arguments: { query: 'Москва' } });
    expect((found.structuredContent as { regions: { regionId: number }[] }).regions.length).toBeGreaterThan(0);
    expect((found.structuredContent as { regions: { regionId: number }[] }).regions[0]!.regionId).toBe(213);
    await client.close();
  });

  it('a repeated call is a cache HIT, in the header and in the ledger, and spends no second upstream call', async () => {
    const { client, lastHeaders } = await connectClient(started.url);
    const args = { name: 'wordstat_dynamics', arguments: { phrase: 'купить ноутбук', period: 'weekly' } };
    const callsBefore = started.source.calls.length;
    const first = await client.callTool(args);
    expect(lastHeaders().get('x-cache')).toBe('MISS');
    expect(first._meta).toMatchObject({ cost: 1, cacheStatus: 'MISS' });
    const second = await client.callTool(args);
    expect(lastHeaders().get('x-cache')).toBe('HIT');
    expect(lastHeaders().get('x-cost')).toBe('0.1');
    expect(second._meta).toMatchObject({ cost: 0.1, cacheStatus: 'HIT' });
    expect(second.structuredContent).toEqual(first.structuredContent);
    expect(started.source.calls.length - callsBefore).toBe(1);

    const rows = started.ledger.rows().filter((r) => r.operation === 'mcp.wordstat_dynamics').slice(-2);
    expect(rows.map((r) => [r.cacheStatus, r.price, r.status])).toEqual([
      ['MISS', 1, 200],
      ['HIT', 0.1, 200],
    ]);
    await client.close();
  });

  it.each([
    ['wordstat_top', {}, 'phrase: phrase is required'],
    ['wordstat_top', { phrase: 'x', numPhrases: 'ten' }, 'numPhrases: numPhrases must be an integer'],
    ['wordstat_top', { phrase: 'x', regions: [213, 123456789] }, 'regions[1]'],
    ['wordstat_dynamics', { phrase: 'x', period: 'yearly' }, 'period'],
    ['wordstat_regions', { phrase: 'x', limit: 1001 }, 'limit must be between 1 and 1000'],
    ['keyword_search_volume', { keywords: [] }, 'keywords must hold 1 to 100 keywords, got none'],
    ['keyword_suggestions', { keyword: 'x', limit: 0 }, 'limit must be between 1 and 100'],
    ['region_search', { query: '  ' }, 'query must not be empty'],
  ])('%s with bad arguments %j: isError with the REST message, cost 0, no upstream call', async (name, args, message) => {
    const { client, lastHeaders } = await connectClient(started.url);
    const callsBefore = started.source.calls.length;
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toContain(message);
    expect(result._meta).toMatchObject({ cost: 0, code: 'INVALID_FIELD' });
    expect(lastHeaders().get('x-cost')).toBe('0');
    expect(lastHeaders().get('x-cache')).toBeNull();
    expect(started.source.calls.length).toBe(callsBefore);
    const row = started.ledger.rows().at(-1)!;
    expect(row).toMatchObject({ operation: `mcp.${name}`, status: 400, price: 0 });
    await client.close();
  });

  it('the same message as REST for the same bad body', async () => {
    const { client } = await connectClient(started.url);
    const body = { phrase: 'x', devices: ['desktop', 7] };
    const rest = await started.app.fetch(
      new Request('http://localhost/v2/stats/top', {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const problem = (await rest.json()) as { detail: string };
    const tool = await client.callTool({ name: 'wordstat_top', arguments: body });
    expect((tool.content as { text: string }[])[0]!.text).toBe(problem.detail);
    await client.close();
  });

  it('task tools: a list past the live limit as a task, its result the live tool\'s, billed once; another key sees nothing', async () => {
    const { client } = await connectClient(started.url);
    const keywords = Array.from({ length: 120 }, (_, i) => `ноутбук ${i}`);
    const live = await client.callTool({ name: 'keyword_search_volume', arguments: { keywords } });
    expect(live.isError).toBe(true); // 120 > 100: the live tool refuses, naming the field
    const created = taskOf(await client.callTool({ name: 'task_create', arguments: { keywords } }));
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const early = await client.callTool({ name: 'task_result', arguments: { id: 'e4b7c1a2-0000-4000-8000-000000000000' } });
    expect(early.isError).toBe(true);
    expect(early._meta).toMatchObject({ cost: 0, code: 'NOT_FOUND' });
    await started.untilTasks('the task finished', async () =>
      created.status_code === 20000 || taskOf(await client.callTool({ name: 'task_status', arguments: { id: created.id } })).status_code === 20000,
    30_000);
    const done = await client.callTool({ name: 'task_result', arguments: { id: created.id } });
    expect(done.isError).toBeFalsy();
    const items = taskOf(done).result as { keyword: string }[];
    expect(items.map((item) => item.keyword)).toEqual(keywords);
    expect(taskOf(done).cost).toBe(1); // one call price for the whole task
    expect(done._meta).toMatchObject({ cost: 0 }); // reading it is free
    const other = await connectClient(started.url, OTHER_KEY);
    const foreign = await other.client.callTool({ name: 'task_status', arguments: { id: created.id } });
    expect(foreign.isError).toBe(true);
    expect(foreign._meta).toMatchObject({ code: 'NOT_FOUND' });
    await other.client.close();
    await client.close();
  }, 60_000);
});
