import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createPgliteClient } from '../../src/adapters/sql/pglite-client.js';
import type { App } from '../../src/app.js';
import { MAX_LIVE_CALLS_PER_REQUEST } from '../../src/domain/requests/live-limits.js';
import { integerField, stringField } from '../../src/domain/requests/parse.js';
import { TASK_RESULT_PAGES } from '../../src/domain/requests/task-result-pages.js';
import type { UsageRow } from '../../src/ports/ledger.js';
import { SERP_DEPTHS } from '../../src/ports/web-search.js';
import { DEFAULT_LIMITS, defineOperation } from '../../src/operations/operation.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { ASKS_THE_SOURCE } from '../../src/operations/tool-effects.js';
import { toTopQuery } from '../../src/services/top.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';

/*
 * Issue 25, item 1: a face derives, it does not copy. A fixture operation declared in this file only (its module
 * is the object below) is registered with createApp({ operations }) and found on REST, GraphQL, MCP and tasks,
 * with the same validation message for the same bad input, the same refusal of a plan over the call limit (no
 * upstream call), the same price and the same page limits. Nothing in src/ names it.
 */

const MAX_PHRASES = 200;

/** The fixture: the total count of each phrase (one `top` call each), summed. */
const echoVolume = defineOperation({
  name: 'echo_volume',
  title: 'Summed volume of phrases',
  description: 'The summed 30-day count of 1 to 200 phrases (one source call each)',
  fields: { phrases: 'The phrases, 1 to 200.', row_limit: 'Integer 1–5 (how many top rows each call asks for).' },
  input: z.object({
    phrases: z
      .array(stringField('each phrase'))
      .min(1, { error: `phrases must hold 1 to ${MAX_PHRASES} phrases` })
      .max(MAX_PHRASES, { error: `phrases must hold 1 to ${MAX_PHRASES} phrases` }),
    row_limit: integerField('row_limit')
      .min(1, { error: 'row_limit must be between 1 and 5' })
      .max(5, { error: 'row_limit must be between 1 and 5' })
      .optional(),
  }),
  output: z.object({ phrases: z.number().int(), count: z.number().int() }),
  limits: { ...DEFAULT_LIMITS, items: { live: MAX_PHRASES, task: MAX_PHRASES } },
  price: 'source',
  plan: (input, ctx) => input.phrases.map((phrase) => ({ method: 'top' as const, query: toTopQuery(ctx, { phrase, numPhrases: input.row_limit ?? 1 }) })),
  run: async (input, ctx) => {
    const answers = await Promise.all(input.phrases.map((phrase) => ctx.source.top(toTopQuery(ctx, { phrase, numPhrases: input.row_limit ?? 1 }))));
    return { phrases: answers.length, count: answers.reduce((sum, answer) => sum + answer.totalCount, 0) };
  },
  rest: { path: '/v1/keywords/echo_volume', family: 'v1', summary: 'Summed volume of phrases (fixture)' },
  mcp: {
    tool: 'echo_volume',
    title: 'Summed volume of phrases',
    description: 'The summed count of phrases (fixture).',
    effects: ASKS_THE_SOURCE,
    summarize: (result) => `${result.phrases} phrases: ${result.count}`,
  },
  task: true,
  graphql: { field: 'echoVolume' },
});

const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const { close } of apps.splice(0)) await close();
});

interface Fixture {
  app: App;
  source: FakeSource;
  rows(): readonly UsageRow[];
  /** Settles with the ledger row of the next task to end. */
  taskEnded(): Promise<UsageRow>;
}

/** An app whose registry holds the fixture: the fake source (demo kind, no quota), tasks in an in-memory database. */
async function fixtureApp(options: { tasks?: boolean } = {}): Promise<Fixture> {
  const source = createFakeSource();
  const ledger = createMemoryLedger();
  const waiting: ((row: UsageRow) => void)[] = [];
  const record = ledger.record.bind(ledger);
  ledger.record = (row) => {
    record(row);
    if (row.operation.endsWith('.task')) waiting.shift()?.(row);
  };
  const taskClient = options.tasks ? await createPgliteClient({ dataDir: 'memory://' }) : undefined;
  const app = createTestApp(
    { source, ledger, catalog: createFixtureCatalog(), operations: [...OPERATIONS, echoVolume], ...(taskClient ? { taskClient } : {}) },
    { TASK_WORKERS: '1' },
  );
  await app.ready();
  apps.push({ close: async () => (await app.close(), await taskClient?.close()) });
  return { app, source, rows: () => ledger.rows(), taskEnded: () => new Promise((resolve) => waiting.push(resolve)) };
}

/** What a face answered, in one shape. */
interface Answer {
  ok: boolean;
  status: number;
  code?: string;
  message?: string;
  result?: unknown;
  cost: number;
}

type Body = { phrases: unknown; row_limit?: unknown };

async function viaRest(app: App, body: Body): Promise<Answer> {
  const answer = await post(app, '/v1/keywords/echo_volume', body);
  const task = answer.json.tasks[0];
  const cost = Number(answer.headers.get('x-cost'));
  if (answer.status === 200) return { ok: true, status: 200, result: task.result[0], cost };
  return { ok: false, status: answer.status, code: task.error?.code, message: task.status_message, cost };
}

async function viaMcp(app: App, name: string, args: Record<string, unknown>) {
  const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } };
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(message),
    }),
  );
  const { result } = (await response.json()) as {
    result: { isError?: boolean; content: { text: string }[]; structuredContent?: unknown; _meta: Record<string, any> };
  };
  return { result, cost: Number(response.headers.get('x-cost')) };
}

async function viaMcpTool(app: App, body: Body): Promise<Answer> {
  const { result, cost } = await viaMcp(app, 'echo_volume', body as Record<string, unknown>);
  if (!result.isError) return { ok: true, status: 200, result: result.structuredContent, cost };
  return { ok: false, status: result._meta.status, code: result._meta.code, message: result.content[0]!.text, cost };
}

async function viaGraphql(app: App, body: Body): Promise<Answer> {
  const answer = await graphql(app, 'query($p: [String!]!, $l: Int) { echoVolume(phrases: $p, rowLimit: $l) }', { p: body.phrases, l: body.row_limit });
  const error = answer.json.errors?.[0];
  const cost = Number(answer.headers.get('x-cost'));
  if (!error) return { ok: true, status: answer.status, result: answer.json.data.echoVolume, cost };
  return { ok: false, status: error.extensions.http?.status ?? answer.status, code: error.extensions.code, message: error.message, cost };
}

/** task_post, then the task's end (its ledger row), then task_get. */
async function viaTask(fixture: Fixture, body: Body): Promise<Answer & { planned?: number; id?: string }> {
  const ended = fixture.taskEnded();
  const posted = await post(fixture.app, '/v1/keywords/echo_volume/task_post', body);
  const entry = posted.json.tasks[0];
  if (entry.status_code !== 20100) return { ok: false, status: 400, code: entry.error?.code, message: entry.status_message, cost: 0 };
  const row = await ended;
  const read = await fixture.app.fetch(new Request(`http://localhost/v1/keywords/echo_volume/task_get/${entry.id}`, { headers: AUTH_HEADER }));
  const task = ((await read.json()) as { tasks: { status_code: number; result: unknown[]; progress: { calls_total: number } }[] }).tasks[0]!;
  expect(task.status_code).toBe(20000);
  return { ok: true, status: 200, result: task.result[0], cost: row.price, planned: task.progress.calls_total, id: entry.id as string };
}

const phrases = (n: number) => Array.from({ length: n }, (_, i) => `фраза ${i}`);

describe('a fixture operation registered in test code is served by every face', { timeout: 120_000 }, () => {
  it('is listed: a REST route and its task routes in /openapi.json, an MCP tool and a GraphQL Query field with the operation’s field prose', async () => {
    const { app } = await fixtureApp();
    const openapi = (await (await app.fetch(new Request('http://localhost/openapi.json'))).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/v1/keywords/echo_volume', '/v1/keywords/echo_volume/task_post']));
    const list = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    const tools = ((await list.json()) as { result: { tools: { name: string; inputSchema: { properties: Record<string, { description?: string }> } }[] } }).result.tools;
    const tool = tools.find((t) => t.name === 'echo_volume');
    expect(tool?.inputSchema.properties.row_limit?.description).toBe('Integer 1–5 (how many top rows each call asks for).');
    const schema = await graphql(app, '{ __type(name: "Query") { fields { name args { name description } } } }');
    const field = (schema.json.data.__type.fields as { name: string; args: { name: string; description: string }[] }[]).find((f) => f.name === 'echoVolume');
    expect(field?.args).toEqual([
      { name: 'phrases', description: 'The phrases, 1 to 200.' },
      { name: 'rowLimit', description: 'Integer 1–5 (how many top rows each call asks for).' },
    ]);
  });

  it('is in the explorer’s operation list with its paths and its live and task limits (the page restates none)', async () => {
    const { app } = await fixtureApp();
    const answer = await app.fetch(new Request('http://localhost/explorer/operations.json'));
    expect(answer.status).toBe(200);
    const { operations } = (await answer.json()) as { operations: Record<string, unknown> };
    expect(operations.echo_volume).toEqual({
      path: '/v1/keywords/echo_volume',
      method: 'POST',
      items: { live: MAX_PHRASES, task: MAX_PHRASES },
      task: { post: '/v1/keywords/echo_volume/task_post', get: '/v1/keywords/echo_volume/task_get/{id}' },
      price: 'source',
      // The body's bounds as the schema states them, for a form's controls.
      inputs: { row_limit: { minimum: 1, maximum: 5 } },
    });
    // The real operations' limits are their modules' (search_volume: the specification's 100 live, 10,000 a task).
    const searchVolume = OPERATIONS.find((op) => op.name === 'search_volume')!;
    expect(operations.search_volume).toMatchObject({ path: searchVolume.rest!.path, items: searchVolume.limits.items });
    // A field checked by a refine (JSON Schema cannot say its values) is listed with the values it accepts; enums and
    // bounds as the schema has them.
    expect((operations.core_clusters as { inputs: unknown }).inputs).toMatchObject({
      depth: { default: 10, enum: [...SERP_DEPTHS] },
      mode: { default: 'soft', enum: ['soft', 'moderate', 'hard'] },
      threshold: { default: 4, minimum: 2, maximum: 10 },
    });
    expect((operations.core_clusters as { inputs: Record<string, unknown> }).inputs.region).toEqual({ default: 213 }); // any whole number: no choices
  });

  it('answers alike: one call per phrase and the call price; again, no call and the repeat price; the ledger says so', async () => {
    const body = { phrases: ['ноутбук', 'велосипед'], row_limit: 2 };
    const faces = [
      { name: 'REST', ask: (f: Fixture) => viaRest(f.app, body), ledger: 'v1.echo_volume' },
      { name: 'MCP', ask: (f: Fixture) => viaMcpTool(f.app, body), ledger: 'mcp.echo_volume' },
      { name: 'GraphQL', ask: (f: Fixture) => viaGraphql(f.app, body), ledger: 'graphql.echoVolume' },
    ];
    const results = await Promise.all(
      faces.map(async (face) => {
        const fixture = await fixtureApp();
        const first = await face.ask(fixture);
        const calls = fixture.source.count();
        const second = await face.ask(fixture);
        return { face, first, second, calls, again: fixture.source.count() - calls, rows: fixture.rows() };
      }),
    );
    const expected = results[0]!.first.result;
    expect(expected).toMatchObject({ phrases: 2 });
    for (const { face, first, second, calls, again, rows } of results) {
      expect({ first: first.cost, second: second.cost, calls, again, result: first.result }, face.name).toEqual({ first: 1, second: 0.1, calls: 2, again: 0, result: expected });
      expect(rows.map((r) => [r.operation.startsWith('graphql') ? 'graphql.echoVolume' : r.operation, r.price]), face.name).toEqual([[face.ledger, 1], [face.ledger, 0.1]]);
    }
  });

  it('refuses the same bad input with the same message, with no call', async () => {
    const fixture = await fixtureApp({ tasks: true });
    const bad = { phrases: ['ноутбук'], row_limit: 7 };
    const [rest, mcp, task, gql] = [await viaRest(fixture.app, bad), await viaMcpTool(fixture.app, bad), await viaTask(fixture, bad), await viaGraphql(fixture.app, bad)];
    for (const answer of [rest, mcp, task]) expect(answer, JSON.stringify(answer)).toMatchObject({ ok: false, code: 'INVALID_FIELD', message: 'row_limit: row_limit must be between 1 and 5' });
    expect(rest.status).toBe(400);
    expect(mcp.status).toBe(400);
    // GraphQL names its own argument (rowLimit), by the argument-names mechanism, under its own code for it.
    expect(gql, JSON.stringify(gql)).toMatchObject({ ok: false, status: 400, code: 'BAD_USER_INPUT', message: 'rowLimit: rowLimit must be between 1 and 5' });
    expect(fixture.source.count()).toBe(0);
  });

  it(`refuses a plan over ${MAX_LIVE_CALLS_PER_REQUEST} calls up front on every live face, no call made; a task takes it`, async () => {
    const body = { phrases: phrases(MAX_LIVE_CALLS_PER_REQUEST + 1) };
    const fixture = await fixtureApp({ tasks: true });
    const answers = [await viaRest(fixture.app, body), await viaMcpTool(fixture.app, body), await viaGraphql(fixture.app, body)];
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, status: 400, code: 'QUERY_TOO_COMPLEX', cost: 0 });
    expect(new Set(answers.map((a) => a.message)).size, JSON.stringify(answers)).toBe(1);
    expect(answers[0]!.message).toContain(`needs ${MAX_LIVE_CALLS_PER_REQUEST + 1} uncached source calls`);
    expect(answers[0]!.message).toContain('POST /v1/keywords/echo_volume/task_post');
    expect(fixture.source.count()).toBe(0);
    // The task is planned by the same plan, waits for no live limit and is billed once, at the call price.
    const task = await viaTask(fixture, body);
    expect(task).toMatchObject({ ok: true, planned: MAX_LIVE_CALLS_PER_REQUEST + 1, cost: 1, result: { phrases: MAX_LIVE_CALLS_PER_REQUEST + 1 } });
    expect(fixture.source.count()).toBe(MAX_LIVE_CALLS_PER_REQUEST + 1);
  });

  it('reads its task result by the same pages as every task: the REST and MCP page limits refuse alike', async () => {
    const fixture = await fixtureApp({ tasks: true });
    const done = await viaTask(fixture, { phrases: ['ноутбук'] });
    expect(done).toMatchObject({ ok: true, result: { phrases: 1 } });
    expect(echoVolume.limits.pages).toBe(TASK_RESULT_PAGES);
    const id = done.id!;
    const over = TASK_RESULT_PAGES.rest.maxLimit + 1;
    const rest = await fixture.app.fetch(new Request(`http://localhost/v1/keywords/echo_volume/task_get/${id}?limit=${over}`, { headers: AUTH_HEADER }));
    expect(rest.status).toBe(400);
    expect(JSON.stringify(await rest.json())).toContain(`limit must be a whole number from 1 to ${TASK_RESULT_PAGES.rest.maxLimit}`);
    const mcp = await viaMcp(fixture.app, 'task_result', { id, limit: TASK_RESULT_PAGES.mcp.maxLimit + 1 });
    expect(mcp.result.content[0]!.text).toBe(`limit must be a whole number from 1 to ${TASK_RESULT_PAGES.mcp.maxLimit}`);
    const page = await viaMcp(fixture.app, 'task_result', { id, limit: 1 });
    expect(page.result.structuredContent).toMatchObject({ total_count: 1, result: [{ phrases: 1 }] });
  });
});
