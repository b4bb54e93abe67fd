import { describe, expect, it } from 'vitest';
import { createAdminRoutes } from '../../src/admin/admin-routes.js';
import { callFromFetch, replyToResponse } from '../../src/http/fetch-exchange.js';
import { MAX_JSON_DEPTH, tooDeepPath, tooDeepTextPath } from '../../src/face-kit/json-depth.js';
import { callTool } from '../../src/mcp/call-tool.js';
import { MCP_TOOLS } from '../../src/mcp/tool-list.js';
import type { KeyAdmin } from '../../src/ports/key-admin.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';
import { createCapturedLogger } from '../support/log-capture.js';
import { createTestRuntime } from '../support/runtime.js';

/*
 * Issue 25, item 2: JSON nested 5,000 deep in `keywords` answered 500 on /v1 (the error envelope echoes the body,
 * and JSON.stringify overflowed the stack) and on GraphQL (variables). Now every face that parses JSON refuses a
 * value nested deeper than MAX_JSON_DEPTH with a 400 in its own shape, naming the field, before anything walks it.
 */
const nested = (depth: number, leaf = '"x"') => '['.repeat(depth) + leaf + ']'.repeat(depth);
const DEEP = nested(5_000);
const MCP_HEADERS = { ...AUTH_HEADER, accept: 'application/json, text/event-stream' };
const TOO_DEEP = { reason: 'too_deep', params: { max: MAX_JSON_DEPTH } };

describe('JSON nested 5,000 deep is a 400 naming the field on every face, never a 500', () => {
  const source = createFakeSource();
  const { logger, lines } = createCapturedLogger();
  const app = createTestApp({ source, logger });
  const noErrorLogged = () => expect(lines().filter((l) => (l.level as number) >= 50)).toEqual([]);

  it('REST /v1: the envelope (40501), naming keywords', async () => {
    for (const body of [`[{"keywords":${DEEP}}]`, `{"keywords":${DEEP}}`]) {
      const res = await post(app, '/v1/keywords/search_volume', body);
      expect(res.status).toBe(400);
      expect(res.json.status_code).toBe(40501);
      expect(res.json.tasks[0].error).toMatchObject({ code: 'INVALID_FIELD', field: 'keywords', ...TOO_DEEP });
      expect(res.json.tasks[0].status_message).toContain('keywords');
    }
    noErrorLogged();
  });

  it('REST /v1 task_post: the envelope, naming keywords, before the task store is asked', async () => {
    const res = await post(app, '/v1/keywords/search_volume/task_post', `[{"keywords":["a"]},{"keywords":${DEEP}}]`);
    expect(res.status).toBe(400);
    expect(res.json.tasks[0].error).toMatchObject({ code: 'INVALID_FIELD', field: 'keywords', ...TOO_DEEP });
    noErrorLogged();
  });

  it('REST /v2: problem+json naming the field', async () => {
    const res = await post(app, '/v2/stats/top', `{"phrase":"a","regions":${DEEP}}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json).toMatchObject({ code: 'INVALID_FIELD', field: 'regions', ...TOO_DEEP });
    noErrorLogged();
  });

  it('GraphQL: a BAD_USER_INPUT error naming the variable, by POST and by GET', async () => {
    const query = 'query($k: [String!]!) { keywords(phrases: $k) { phrase } }';
    const posted = await post(app, '/graphql', `{"query":${JSON.stringify(query)},"variables":{"k":${DEEP}}}`);
    const got = await app.fetch(
      new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(`{"k":${nested(2_000)}}`)}`, { headers: AUTH_HEADER }),
    );
    for (const [status, json] of [[posted.status, posted.json], [got.status, await got.json()]] as const) {
      expect(status).toBe(400);
      expect(json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: '$k', ...TOO_DEEP, http: { status: 400 } });
      expect(json.errors[0].message).toMatch(/^\$k: /);
    }
    // Deep where no variable is: the parameter is named.
    const extensions = await post(app, '/graphql', `{"query":"{ quota { limit } }","extensions":{"x":${DEEP}}}`);
    expect(extensions.status).toBe(400);
    expect(extensions.json.errors[0].extensions.field).toBe('extensions');
    noErrorLogged();
  });

  it('MCP over HTTP: a JSON-RPC error (-32602) naming the argument', async () => {
    const message = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"keyword_search_volume","arguments":{"keywords":${DEEP}}}}`;
    for (const body of [message, `[${message}]`]) {
      const res = await post(app, '/mcp', body, MCP_HEADERS);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: -32602, data: { code: 'INVALID_FIELD', field: 'keywords', ...TOO_DEEP } });
      expect(res.json.error.message).toMatch(/^keywords: /);
      expect(res.json.id).toBeNull(); // refused before it is parsed: the id is not known (JSON-RPC 2.0)
    }
    expect(source.count()).toBe(0);
    noErrorLogged();
  });

  it('MCP over stdio (the tool call itself): a tool error naming the argument, billed 0', async () => {
    const { runtime } = createTestRuntime({ source });
    const tool = MCP_TOOLS.find((t) => t.name === 'keyword_search_volume')!;
    const { result, outcome } = await callTool(runtime, { keyId: 'k', name: 'k' }, tool, { keywords: JSON.parse(DEEP) });
    expect(result.isError).toBe(true);
    expect(result._meta).toMatchObject({ code: 'INVALID_FIELD', status: 400, field: 'keywords' });
    expect(outcome.cost).toBe(0);
  });

  it('admin API: problem+json naming name, no key created', async () => {
    let created = 0;
    const keys: KeyAdmin = {
      create: async (name) => ({ id: String(++created), name, key: 'k' }),
      list: async () => [],
      revoke: async () => undefined,
    };
    const token = 'admin-token-for-the-depth-test-0123';
    const admin = createAdminRoutes({ token, keys, usage: undefined, logger: silentLogger });
    const res = replyToResponse((await admin(
      callFromFetch(new Request('http://localhost/admin/keys', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: `{"name":${DEEP}}` })),
    ))!);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'name', ...TOO_DEEP });
    expect(created).toBe(0);
  });

  it('the bound itself: MAX_JSON_DEPTH levels pass the check (the schema then judges them), one more is refused', async () => {
    expect(tooDeepPath(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(tooDeepPath(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toEqual(Array(MAX_JSON_DEPTH).fill(0));
    expect(tooDeepPath({ a: [1, { b: 2 }], c: { d: nested(3) } })).toBeUndefined();
    const mixed = { a: 1, s: '[[[[{{{{', b: [{ c: JSON.parse(nested(40)) }] };
    expect(tooDeepPath(mixed, 10)).toEqual(['b', 0, 'c', 0, 0, 0, 0, 0, 0, 0]);
    // The text is checked before it is parsed, to the same path (brackets in strings and escaped quotes do not count).
    expect(tooDeepTextPath(JSON.stringify(mixed), 10)).toEqual(['b', 0, 'c', 0, 0, 0, 0, 0, 0, 0]);
    expect(tooDeepTextPath('{"k\\"[[":[1,[2],{"x":"]]]"},[[[[[]]]]]]}', 4)).toEqual(['k"[[', 3, 0, 0]);
    expect(tooDeepTextPath(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(tooDeepTextPath(nested(MAX_JSON_DEPTH + 1))).toEqual(Array(MAX_JSON_DEPTH).fill(0));

    // The body object is level 1.
    const within = await post(app, '/v2/stats/top', `{"phrase":"a","regions":${nested(MAX_JSON_DEPTH - 1, '1')}}`);
    expect(within.status).toBe(400);
    expect(within.json).toMatchObject({ field: 'regions[0]', reason: 'wrong_type' });
    const past = await post(app, '/v2/stats/top', `{"phrase":"a","regions":${nested(MAX_JSON_DEPTH, '1')}}`);
    expect(past.status).toBe(400);
    // The field is the client's own key: not echoed at any length.
    const longKey = await post(app, '/v2/stats/top', `{"phrase":"a","${'k'.repeat(10_000)}":${nested(MAX_JSON_DEPTH, '1')}}`);
    expect(longKey.json.field).toBe(`${'k'.repeat(100)}…`);
    expect(longKey.text.length).toBeLessThan(1_000);
    expect(past.json).toMatchObject({ field: 'regions', reason: 'too_deep' });
  });

  it('a 1 MiB body of brackets is refused before it is parsed', async () => {
    const half = 512 * 1024 - 20;
    const body = `{"keywords":${'['.repeat(half)}${']'.repeat(half)}}`;
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = (...args: Parameters<typeof parse>) => (args[0].length >= half && parsed++, parse(...args));
    try {
      const res = await post(app, '/v1/keywords/search_volume', body);
      expect(res.status).toBe(400);
      expect(res.json.tasks[0].error).toMatchObject({ field: 'keywords', reason: 'too_deep' });
    } finally {
      JSON.parse = parse;
    }
    expect(parsed).toBe(0);
    noErrorLogged();
  });
});
