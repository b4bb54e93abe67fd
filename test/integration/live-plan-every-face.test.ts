import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { App } from '../../src/app.js';
import { MAX_LIVE_CALLS_PER_REQUEST } from '../../src/domain/requests/live-limits.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';

/*
 * One request, every face (issue 25, item 2): the same search-volume question through REST /v1, GraphQL, MCP and
 * task_post (and the /v3 face's live route and task_post, where its format allows) makes the same source calls, costs the same and, over the live limit, is refused the same way (status,
 * code and message) with no call made. The limit is counted from the plan, match types and 24 months included, on
 * the demo-kind source that has no quota (until now nothing bounded its work).
 */

interface Ask {
  keywords: string[];
  matchTypes?: ('phrase' | 'exact' | 'order')[];
  historyMonths?: 12 | 24;
}

/** What a face answered, in one shape: the HTTP status of the refusal (or 200), its code and message, the price. */
interface Answer {
  status: number;
  code?: string;
  message?: string;
  cost: number;
  /** task_post only: the calls the task planned (calls_total). */
  planned?: number;
  /** /v3 only: the task's status_code (the format answers HTTP 200 with the refusal in the task). */
  taskStatus?: number;
}

interface Face {
  name: string;
  /** It needs the task database (an embedded PGlite: seconds to open on a busy machine, so only for this face). */
  tasks?: boolean;
  ask(app: App, request: Ask): Promise<Answer>;
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `слово ${i}`);
const restBody = (r: Ask) => ({ keywords: r.keywords, match_types: r.matchTypes, history_months: r.historyMonths });

const rest: Face = {
  name: 'REST /v1',
  async ask(app, request) {
    const answer = await post(app, '/v1/keywords/search_volume', restBody(request));
    const task = answer.json.tasks[0];
    if (answer.status === 200) return { status: 200, cost: Number(answer.headers.get('x-cost')) };
    return { status: answer.status, code: task.error?.code, message: task.status_message, cost: Number(answer.headers.get('x-cost')) };
  },
};

const graphqlFace: Face = {
  name: 'GraphQL',
  async ask(app, request) {
    const query = `query($p: [String!]!, $m: [MatchType!], $h: Int) {
      keywords(phrases: $p, matchTypes: $m, historyMonths: $h) { searchVolume searchVolumePhrase searchVolumeExact searchVolumeOrder }
    }`;
    const variables = { p: request.keywords, m: request.matchTypes?.map((t) => t.toUpperCase()), h: request.historyMonths };
    const answer = await graphql(app, query, variables);
    const error = answer.json.errors?.[0];
    const cost = Number(answer.headers.get('x-cost'));
    if (!error) return { status: answer.status, cost };
    return { status: error.extensions.http.status, code: error.extensions.code, message: error.message, cost };
  },
};

const mcp: Face = {
  name: 'MCP',
  async ask(app, request) {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'keyword_search_volume', arguments: restBody(request) } };
    const response = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(message),
      }),
    );
    const { result } = (await response.json()) as { result: { isError?: boolean; content: { text: string }[]; _meta: Record<string, any> } };
    const cost = Number(response.headers.get('x-cost'));
    if (!result.isError) return { status: 200, cost };
    return { status: result._meta.status, code: result._meta.code, message: result.content[0]!.text, cost };
  },
};

/** /v3's live route (the keyword-data format's own path): HTTP 200 always, the refusal in the task's status and error. */
const v3Body = (r: Ask) => [{ keywords: r.keywords, match_types: r.matchTypes, history_months: r.historyMonths }];
const v3Live: Face = {
  name: '/v3 live',
  async ask(app, request) {
    const answer = await post(app, '/v3/keywords_data/google_ads/search_volume/live', v3Body(request));
    const task = answer.json.tasks[0];
    const cost = Number(answer.headers.get('x-cost'));
    if (task.status_code === 20000) return { status: answer.status, cost };
    return { status: answer.status, taskStatus: task.status_code, code: task.error?.code, message: task.status_message, cost };
  },
};

/** /v3 task_post, then task_get until the task ends (the same task service as /v1's). */
const v3Task: Face = {
  name: '/v3 task_post',
  tasks: true,
  async ask(app, request) {
    const posted = await post(app, '/v3/keywords_data/google_ads/search_volume/task_post', v3Body(request));
    expect(posted.json.tasks[0].status_code, posted.text).toBe(20100);
    const id = posted.json.tasks[0].id as string;
    const task = await vi.waitFor(async () => {
      const read = await app.fetch(new Request(`http://localhost/v3/keywords_data/google_ads/search_volume/task_get/${id}`, { headers: AUTH_HEADER }));
      const got = ((await read.json()) as { tasks: { status_code: number; cost: number }[] }).tasks[0]!;
      expect(got.status_code, `task ${id} did not finish`).toBe(20000);
      return got;
    }, { timeout: 20_000, interval: 10 });
    return { status: 200, cost: task.cost };
  },
};

/** task_post, then task_get until the task ends: a task waits for the budget, so it is never refused by the live limit. */
const taskPost: Face = {
  name: 'task_post',
  tasks: true,
  async ask(app, request) {
    const posted = await post(app, '/v1/keywords/search_volume/task_post', restBody(request));
    expect(posted.json.tasks[0].status_code, posted.text).toBe(20100);
    const id = posted.json.tasks[0].id as string;
    const task = await vi.waitFor(async () => {
      const read = await app.fetch(new Request(`http://localhost/v1/keywords/search_volume/task_get/${id}`, { headers: AUTH_HEADER }));
      const got = ((await read.json()) as { tasks: { status_code: number; cost: number; progress: { calls_total: number } }[] }).tasks[0]!;
      expect(got.status_code, `task ${id} did not finish`).toBe(20000);
      return got;
    }, { timeout: 20_000, interval: 10 });
    return { status: 200, cost: task.cost, planned: task.progress.calls_total };
  },
};

const FACES = [rest, graphqlFace, mcp, taskPost, v3Live, v3Task];

const apps: { app: App; close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const { close } of apps.splice(0)) await close();
});

/** A fresh app per face (a cold cache each): the demo-kind fake source, no quota; tasks in an in-memory database. */
async function freshApp(tasks = false): Promise<{ app: App; source: FakeSource }> {
  const source = createFakeSource();
  const taskClient = tasks ? await createTestPglite() : undefined;
  const app = createTestApp({ source, catalog: createFixtureCatalog(), ...(taskClient ? { taskClient } : {}) }, { TASK_WORKERS: '1' });
  await app.ready();
  apps.push({ app, close: async () => (await app.close(), await taskClient?.close()) });
  return { app, source };
}

/** Asks `request` through one face on a fresh app, `times` times; the calls and answers of each. */
async function through(face: Face, request: Ask, times = 1) {
  const { app, source } = await freshApp(face.tasks);
  const runs: (Answer & { calls: number })[] = [];
  for (let i = 0; i < times; i++) {
    const before = source.count();
    const answer = await face.ask(app, request);
    runs.push({ ...answer, calls: source.count() - before });
  }
  return runs;
}

// Opening apps (and the task database) takes seconds on a busy 2-core machine: a budget, not a speed check.
describe('the same request on every face: calls, price and refusal', { timeout: 120_000 }, () => {
  it('1 keyword: one call and the call price everywhere; asked again, no call and the repeat price everywhere', async () => {
    const results = await Promise.all(FACES.map((face) => through(face, { keywords: ['купить ноутбук'] }, 2)));
    for (const [i, runs] of results.entries()) {
      expect(runs.map(({ status, calls, cost }) => ({ status, calls, cost })), FACES[i]!.name).toEqual([
        { status: 200, calls: 1, cost: 1 },
        { status: 200, calls: 0, cost: 0.1 },
      ]);
    }
  });

  it('30 keywords × 3 match types × 24 months (150 calls) is over the live limit: refused alike on every live face, no call; a task takes it', async () => {
    const request: Ask = { keywords: words(30), matchTypes: ['phrase', 'exact', 'order'], historyMonths: 24 };
    const [restRun, graphqlRun, mcpRun, taskRun, v3LiveRun, v3TaskRun] = await Promise.all(FACES.map(async (face) => (await through(face, request))[0]!));
    const refusal = { status: 400, code: 'QUERY_TOO_COMPLEX', calls: 0, cost: 0 };
    for (const run of [restRun, graphqlRun, mcpRun]) expect(run).toMatchObject(refusal);
    // /v3 answers as its format does: HTTP 200, the refusal as the task's 40501 with the same code.
    expect(v3LiveRun).toMatchObject({ ...refusal, status: 200, taskStatus: 40501 });
    // The same words on every face, naming the count and the one limit.
    expect(graphqlRun!.message).toBe(restRun!.message);
    expect(mcpRun!.message).toBe(restRun!.message);
    expect(v3LiveRun!.message).toBe(restRun!.message);
    expect(restRun!.message).toContain(`needs 150 uncached source calls`);
    expect(restRun!.message).toContain(`at most ${MAX_LIVE_CALLS_PER_REQUEST}`);
    expect(restRun!.message).toContain('task_post');
    // The task route the message names takes the same request, planned as the same 150 calls.
    expect(taskRun).toMatchObject({ status: 200, planned: 150, calls: 150, cost: 1 });
    expect(v3TaskRun).toMatchObject({ status: 200, calls: 150, cost: 1 });
  });

  it('GraphQL counts match types as REST does: keywords(phrases: 100, matchTypes: [PHRASE, EXACT, ORDER]) makes no call', async () => {
    // Until now its static estimate was 100 (one per phrase) and it made 500 calls.
    const request: Ask = { keywords: words(100), matchTypes: ['phrase', 'exact', 'order'] };
    const runs = await Promise.all([rest, graphqlFace, mcp, v3Live].map(async (face) => (await through(face, request))[0]!));
    for (const run of runs) expect(run).toMatchObject({ status: run === runs[3] ? 200 : 400, code: 'QUERY_TOO_COMPLEX', calls: 0, cost: 0 });
    expect(new Set(runs.map((run) => run.message)).size).toBe(1);
    expect(runs[0]!.message).toContain('needs 500 uncached source calls');
  });

  it('the limit counts uncached calls: once the cache holds them, the same large request is served everywhere', async () => {
    const request: Ask = { keywords: words(30), matchTypes: ['phrase', 'exact', 'order'], historyMonths: 24 };
    for (const face of [rest, graphqlFace, mcp, v3Live]) {
      const { app, source } = await freshApp();
      // Two requests of 15 keywords (75 calls each) fill the cache the one of 30 needs.
      expect((await face.ask(app, { ...request, keywords: request.keywords.slice(0, 15) })).status, face.name).toBe(200);
      expect((await face.ask(app, { ...request, keywords: request.keywords.slice(15) })).status, face.name).toBe(200);
      const before = source.count();
      expect(await face.ask(app, request), face.name).toMatchObject({ status: 200, cost: 0.1 });
      expect(source.count() - before, face.name).toBe(0);
    }
  });
});
