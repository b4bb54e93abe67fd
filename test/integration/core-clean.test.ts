import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { App } from '../../src/app.js';
import { coreCleanOperation } from '../../src/operations/core-clean.js';
import type { UsageRow } from '../../src/ports/ledger.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';
import { createTaskTestApp } from '../support/task-app.js';

/*
 * Issue 27, section 2: the cleaning rules as the operation core_clean, served by REST (POST /v2/core/clean), MCP
 * (core_clean), GraphQL (the derived field coreClean) and tasks. CPU only: no source call, free on every face.
 */

const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const { close } of apps.splice(0)) await close();
});

interface Fixture {
  app: App;
  source: FakeSource;
  rows(): readonly UsageRow[];
}

function setup(): Fixture {
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 0 });
  const ledger = createMemoryLedger();
  const app = createTestApp({ source, ledger });
  apps.push({ close: () => app.close() });
  return { app, source, rows: () => ledger.rows() };
}

async function viaMcp(app: App, name: string, args: Record<string, unknown>) {
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    }),
  );
  const { result } = (await response.json()) as {
    result: { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, unknown>; _meta: Record<string, any> };
  };
  return { result, cost: response.headers.get('x-cost') };
}

const GQL = 'query($p: [String!]!, $r: Int, $m: [CoreCleanMeasure!]) { coreClean(phrases: $p, region: $r, measure: $m) }';

const PHRASES = [
  'купить пластиковые окна',
  'окна пластиковые купить',
  'пластиковые окна своими руками',
  'пластиковые окна бесплатно',
  'пластиковые окна вакансии',
  'пластиковые окна химки',
  'пластиковые окна казань',
  'пластиковые окна',
];

describe('core_clean: POST /v2/core/clean, MCP core_clean, GraphQL coreClean', { timeout: 60_000 }, () => {
  it('gives the same rows on REST, MCP and GraphQL: duplicates, noise, verdicts, negative keywords; free, no upstream call', async () => {
    const { app, source, rows } = setup();
    const body = { phrases: PHRASES, region: 213 };
    const rest = await post(app, '/v2/core/clean', body);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.headers.get('x-cost')).toBe('0');
    const mcp = await viaMcp(app, 'core_clean', body);
    expect(mcp.result.isError, mcp.result.content[0]?.text).toBeFalsy();
    const gql = await graphql(app, GQL, { p: PHRASES, r: 213 });
    expect(gql.json.errors, JSON.stringify(gql.json.errors)).toBeUndefined();
    expect(gql.headers.get('x-cost')).toBe('0');

    const answer = rest.json;
    const byPhrase = Object.fromEntries((answer.phrases as { phrase: string }[]).map((p) => [p.phrase, p]));
    expect(byPhrase['окна пластиковые купить']).toMatchObject({ duplicate_of: 'купить пластиковые окна', verdict: 'drop', reason: 'duplicate' });
    expect(byPhrase['купить пластиковые окна']).toMatchObject({ duplicate_of: null, verdict: 'keep', reason: 'clean' });
    expect(byPhrase['пластиковые окна бесплатно']).toMatchObject({ noise: ['free'], verdict: 'drop' });
    expect(byPhrase['пластиковые окна своими руками']).toMatchObject({ verdict: 'review' });
    expect(byPhrase['пластиковые окна казань']).toMatchObject({ noise: ['geo'], verdict: 'drop' });
    expect(answer.negative_keywords.entries.length).toBeGreaterThan(0);
    expect(answer.negative_keywords.text).toContain('бесплатно');

    const { total, ...mcpAnswer } = mcp.result.structuredContent!;
    expect(total).toBe(PHRASES.length);
    expect(mcpAnswer).toEqual(answer);
    expect(gql.json.data.coreClean).toEqual(answer);
    expect(mcp.result.content[0]!.text).toContain(`Cleaned ${PHRASES.length} phrases`);

    expect(source.count()).toBe(0);
    expect(rows().map((r) => r.price)).toEqual([0, 0, 0]);
  });

  it('takes phrases with volumes: the louder phrase heads its duplicates and counts into addressable_volume', async () => {
    const { app } = setup();
    const response = await post(app, '/v2/core/clean', {
      phrases: [{ phrase: 'окна пластиковые купить', volume: 800 }, { phrase: 'купить пластиковые окна', volume: 5200 }, { phrase: 'пластиковые окна бесплатно', volume: 90 }],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.phrases[0]).toMatchObject({ duplicate_of: 'купить пластиковые окна', volume: 800 });
    expect(response.json.addressable_volume).toBe(5200);
  });

  const tooMany = Array.from({ length: coreCleanOperation.limits.items!.live + 1 }, (_, i) => `фраза ${i}`);
  it.each([
    ['no phrases', {}, 'phrases'],
    ['an empty list', { phrases: [] }, 'phrases'],
    [`${tooMany.length} phrases`, { phrases: tooMany }, 'phrases'],
    ['an empty phrase', { phrases: ['окна', ' '] }, 'phrases[1]'],
    ['an unknown region', { phrases: ['окна'], region: 99_999_999 }, 'region'],
    ['an unknown measure', { phrases: ['окна'], measure: ['broad'] }, 'measure[0]'],
    ['measure as a string, not an array', { phrases: ['окна'], measure: 'exact' }, 'measure'],
    ['a measure twice', { phrases: ['окна'], measure: ['exact', 'exact'] }, 'measure'],
    ['a negative sent exact', { phrases: [{ phrase: 'окна', exact: -1 }] }, 'phrases[0].exact'],
  ])('refuses %s with each face’s 400 naming the field, no upstream call', async (_name, body, field) => {
    const { app, source } = setup();
    const rest = await post(app, '/v2/core/clean', body);
    expect(rest.status, rest.text).toBe(400);
    expect(rest.json).toMatchObject({ code: 'INVALID_FIELD', field });
    const mcp = await viaMcp(app, 'core_clean', body);
    expect(mcp.result).toMatchObject({ isError: true, _meta: { status: 400, code: 'INVALID_FIELD' } });
    expect(mcp.result.content[0]!.text).toContain(field);
    const b = body as { phrases?: unknown; region?: number; measure?: unknown };
    // GraphQL: strings only, and its own enum checks an unknown measure (and makes a lone value a list).
    if (Array.isArray(b.phrases) && b.phrases.length > 0 && b.phrases.every((p) => typeof p === 'string') && (b.measure === undefined || JSON.stringify(b.measure) === '["exact","exact"]')) {
      const gql = await graphql(app, GQL, { p: b.phrases, r: b.region, m: Array.isArray(b.measure) ? b.measure.map((m: string) => m.toUpperCase()) : undefined });
      const error = gql.json.errors?.[0];
      expect(error?.extensions.code, JSON.stringify(gql.json)).toBe('BAD_USER_INPUT');
      expect(error.message).toContain(field.replace(/\[.*$/, ''));
    }
    expect(source.count()).toBe(0);
  });

  it('says which measures there are, and that an unknown region is not in the catalogue', async () => {
    const { app } = setup();
    const measure = await post(app, '/v2/core/clean', { phrases: ['окна'], measure: ['exakt'] });
    expect(measure.text).toContain('each measure must be one of exact');
    const region = await post(app, '/v2/core/clean', { phrases: ['окна'], region: 99_999_999 });
    expect(region.text).toContain('not in the region catalogue');
  });

  it('is listed in /openapi.json, in tools/list as asking the source (with measure it does), and as a GraphQL Query field', async () => {
    const { app } = setup();
    const openapi = (await (await app.fetch(new Request('http://localhost/openapi.json'))).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/v2/core/clean', '/v1/keywords/core_clean/task_post']));
    const list = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    const tools = ((await list.json()) as { result: { tools: { name: string; annotations: Record<string, unknown> }[] } }).result.tools;
    // Annotations are true of the worst call: measure ["exact"] spends quota and is billed.
    expect(tools.find((t) => t.name === 'core_clean')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    expect(tools.find((t) => t.name === 'task_create_core_clean')?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false, openWorldHint: true });
    const schema = await graphql(app, '{ __type(name: "Query") { fields { name } } }');
    expect((schema.json.data.__type.fields as { name: string }[]).map((f) => f.name)).toContain('coreClean');
  });

  it('runs as a task with the same rows, billed nothing', async () => {
    const { app, source, taskEnded, close } = await createTaskTestApp();
    apps.push({ close });
    const body = { phrases: PHRASES, region: 213 };
    const live = await post(app, '/v2/core/clean', body);
    const posted = await post(app, '/v1/keywords/core_clean/task_post', body);
    const entry = posted.json.tasks[0];
    expect(entry.status_code, posted.text).toBe(20100);
    const row = await taskEnded;
    expect(row.price).toBe(0);
    const read = await app.fetch(new Request(`http://localhost/v1/keywords/core_clean/task_get/${entry.id}`, { headers: AUTH_HEADER }));
    const task = ((await read.json()) as { tasks: { status_code: number; result: unknown[] }[] }).tasks[0]!;
    expect(task.status_code).toBe(20000);
    expect(task.result[0]).toEqual(live.json);
    expect(source.count()).toBe(0);
  });
});
