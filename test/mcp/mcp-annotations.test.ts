import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_KEYWORDS, MAX_TASK_KEYWORDS } from '../../src/domain/requests/keyword-data.js';
import { MCP_TOOLS } from '../../src/mcp/tool-list.js';
import { TEST_KEY } from '../support/kit.js';
import { connectClient, useMcpApp } from './mcp-support.js';
import { freshToolArguments } from './tool-arguments.js';

/*
 * Issue 24, item 15: tool annotations are what a client decides by, e.g. to run a tool unasked when it says
 * read-only. task_create said `readOnlyHint: true` while it creates billed work that spends quota. Each tool's
 * annotations are checked against the table in docs/decisions.md and against what a call is seen to do.
 */
const started = useMcpApp();

type Client = Awaited<ReturnType<typeof connectClient>>['client'];
type Hints = { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };

async function annotations(client: Client): Promise<Map<string, Hints>> {
  const { tools } = await client.listTools();
  return new Map(tools.map((tool) => [tool.name, tool.annotations as unknown as Hints]));
}

const ASKS_SOURCE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
const TABLE: Record<string, Hints> = {
  wordstat_top: ASKS_SOURCE,
  wordstat_dynamics: ASKS_SOURCE,
  wordstat_regions: ASKS_SOURCE,
  keyword_search_volume: ASKS_SOURCE,
  keyword_suggestions: ASKS_SOURCE,
  keyword_locations: ASKS_SOURCE,
  region_search: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  task_create: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  task_create_suggestions: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  task_create_locations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  // Cleaning works locally unless measure ["exact"] asks Wordstat: the worst call spends quota and is billed.
  task_create_core_clean: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  task_status: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  task_result: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  quota_status: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  core_clean: ASKS_SOURCE,
  // A web search: spends the search budget on a miss and is billed each call, like a Wordstat tool.
  serp: ASKS_SOURCE,
  core_clusters: ASKS_SOURCE,
  // Expansion asks Wordstat for each phrase it grows from: billed, like wordstat_top.
  core_expand: ASKS_SOURCE,
  task_create_core_expand: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  core_workbook: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  core_intent: ASKS_SOURCE,
  task_create_core_clusters: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  task_create_core_intent: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  task_create_serp: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};

/** Arguments no other call in this file asks, so the first call is a cache miss (the tools that answer at once). */
const FRESH = Object.entries(freshToolArguments('аннотации')).filter(([name]) => !name.startsWith('task_'));

describe('MCP tool annotations say what a call does (issue 24, item 15)', () => {
  it('every tool states all four hints, as the table in docs/decisions.md says', async () => {
    const { client } = await connectClient(started.url);
    const listed = await annotations(client);
    expect([...listed.keys()].sort()).toEqual(Object.keys(TABLE).sort());
    expect(listed.size).toBe(24);
    for (const [name, hints] of listed) expect(hints, name).toEqual({ title: expect.any(String), ...TABLE[name]! });
    expect(listed.get('task_create')!.readOnlyHint).toBe(false);
    await client.close();
  });

  it('a tool seen to reach the source or to cost something is not read-only; a read-only one spends nothing, twice', async () => {
    const { client } = await connectClient(started.url);
    const listed = await annotations(client);
    for (const [name, args] of FRESH) {
      const hints = listed.get(name)!;
      const seen = [];
      for (let round = 0; round < 2; round++) {
        // Upstream: the statistics source or web search (serp), whichever the tool reaches.
        const upstream = () => started.source.calls.length + started.searches.count;
        const before = upstream();
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
        seen.push({ upstream: upstream() - before, cost: result._meta!.cost as number });
      }
      const [first, repeat] = seen as [{ upstream: number; cost: number }, { upstream: number; cost: number }];
      if (first.upstream > 0) expect(hints, name).toMatchObject({ readOnlyHint: false, openWorldHint: true });
      if (first.cost > 0 || repeat.cost > 0) expect(hints.readOnlyHint, name).toBe(false);
      // The repeat is a cache hit at the repeat price: a charge again, so not idempotent.
      if (repeat.cost > 0) expect(hints.idempotentHint, name).toBe(false);
      if (hints.readOnlyHint) expect(seen, name).toEqual([{ upstream: 0, cost: 0 }, { upstream: 0, cost: 0 }]);
      if (!hints.openWorldHint) expect(first.upstream + repeat.upstream, name).toBe(0);
      // And the other way: a tool said to reach the source was seen doing it, and a billed one was charged.
      if (hints.openWorldHint) expect(first.upstream, name).toBeGreaterThan(0);
      if (!hints.readOnlyHint) expect(first.cost, name).toBeGreaterThan(0);
    }
    await client.close();
  });

  it('task_create makes a new task each call (not idempotent), which then reaches the source (open world)', async () => {
    const { client } = await connectClient(started.url);
    const hints = (await annotations(client)).get('task_create')!;
    const args = { keywords: ['аннотации задача один', 'аннотации задача два'] };
    const before = started.source.calls.length;
    const first = (await client.callTool({ name: 'task_create', arguments: args })).structuredContent as { id: string; status: string };
    const second = (await client.callTool({ name: 'task_create', arguments: args })).structuredContent as { id: string };
    expect(second.id).not.toBe(first.id);
    expect(hints.idempotentHint).toBe(false);
    expect(['queued', 'running', 'done']).toContain(first.status);
    await started.source.whenCalls(before + 1); // the test's timeout bounds the wait
    expect(started.source.calls.length).toBeGreaterThan(before);
    expect(hints).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    await client.close();
  });

  it('task_status gives a status word; reading a finished task collects it (not read-only), reading again changes nothing (idempotent)', async () => {
    const { client } = await connectClient(started.url);
    const hints = (await annotations(client)).get('task_status')!;
    const created = (await client.callTool({ name: 'task_create', arguments: { keywords: ['аннотации статус'] } })).structuredContent as { id: string };
    const ready = async () => {
      const response = await started.app.fetch(
        new Request('http://localhost/v1/keywords/search_volume/tasks_ready', { headers: { authorization: `Bearer ${TEST_KEY}` } }),
      );
      return ((await response.json()) as { tasks: [{ result: { id: string }[] }] }).tasks[0].result.some((r) => r.id === created.id);
    };
    // Wait for it to be done without reading it through the tool (that would collect it).
    await started.untilTasks('the task finished', ready, 15_000); // checked after every write to the task database
    expect(await ready()).toBe(true);

    const status = await client.callTool({ name: 'task_status', arguments: { id: created.id } });
    expect(status.structuredContent).toMatchObject({ id: created.id, status: 'done', status_code: 20000 });
    expect((status.content as { text: string }[])[0]!.text).toContain(`Task ${created.id}: done (Ok.)`);
    expect(await ready()).toBe(false); // the read changed what /v1 tasks_ready lists
    expect(hints.readOnlyHint).toBe(false);

    const again = await client.callTool({ name: 'task_status', arguments: { id: created.id } });
    expect(again.structuredContent).toEqual(status.structuredContent);
    expect(hints.idempotentHint).toBe(true);
    await client.close();
  });

  it('the keyword counts in descriptions are the ones the schemas accept', async () => {
    const { client } = await connectClient(started.url);
    const { tools } = await client.listTools();
    const tool = (name: string) => tools.find((t) => t.name === name)!;
    const keywordsOf = (name: string) => tool(name).inputSchema.properties!.keywords as { maxItems: number; description: string };
    expect(keywordsOf('task_create').maxItems).toBe(MAX_TASK_KEYWORDS);
    expect(keywordsOf('task_create').description).toContain('1 to 10,000 keywords');
    expect(keywordsOf('task_create').description).not.toContain('1 to 100 ');
    expect(tool('task_create').description).toContain('1 to 10,000 keywords');
    expect(keywordsOf('keyword_search_volume').maxItems).toBe(MAX_KEYWORDS);
    expect(keywordsOf('keyword_search_volume').description).toContain('1 to 100 keywords');
    await client.close();
  });

  it('the README lists every tool, one line each', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## MCP for AI agents'));
    const rows = section.split('\n').filter((line) => /^\| `[a-z_]+` \|/.test(line));
    expect(rows.map((row) => /^\| `([a-z_]+)`/.exec(row)![1])).toEqual(MCP_TOOLS.map((t) => t.name));
  });
});
