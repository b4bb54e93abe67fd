import { describe, expect, it } from 'vitest';
import { createRestHandler } from '../../src/rest/handler.js';
import { v1Routes } from '../../src/rest/v1/routes.js';
import { createFakeSource } from '../support/fake-source.js';
import { apiRequest, createTestRuntime, type PostOptions } from '../support/runtime.js';

interface EnvelopeJson {
  status_code: number;
  status_message: string;
  cost: number;
  tasks: { status_code: number; status_message: string; result: unknown }[];
}

function setup() {
  const source = createFakeSource();
  const { runtime, ledger } = createTestRuntime({ source });
  const handler = createRestHandler(runtime, v1Routes);
  const post = async (path: string, body: unknown, options?: PostOptions) => {
    const response = (await handler(apiRequest(path, body, options)))!;
    return { response, json: (await response.json()) as EnvelopeJson };
  };
  return { source, ledger, post };
}

const SV = '/v1/keywords/search_volume';
const SUG = '/v1/keywords/suggestions';
const LOC = '/v1/keywords/locations';
const many = (n: number) => Array.from({ length: n }, (_, i) => `запрос ${i}`);

/** [label, path, body, how the message starts (the field), a word the message must contain]. */
const invalidFieldCases: [string, string, unknown, string, string][] = [
  ['no keywords field', SV, {}, 'keywords', 'required'],
  ['empty keywords', SV, { keywords: [] }, 'keywords', '1 to 100'],
  ['101 keywords', SV, { keywords: many(101) }, 'keywords', 'got 101'],
  ['an empty keyword', SV, { keywords: ['пицца', ''] }, 'keywords[1]', 'empty'],
  ['a whitespace-only keyword', SV, { keywords: ['пицца', 'суши', 'роллы', ' \t '] }, 'keywords[3]', 'empty'],
  ['a 401-character keyword', SV, { keywords: ['я'.repeat(401)] }, 'keywords[0]', '400'],
  ['keywords as a string', SV, { keywords: 'пицца' }, 'keywords', 'array'],
  ['a keyword that is a number', SV, { keywords: ['пицца', 5] }, 'keywords[1]', 'string'],
  ['location_code as a string', SV, { keywords: ['пицца'], location_code: '2643' }, 'location_code', 'integer'],
  ['location_code not whole', SV, { keywords: ['пицца'], location_code: 2643.5 }, 'location_code', 'integer'],
  ['language_code as a number', SV, { keywords: ['пицца'], language_code: 7 }, 'language_code', 'string'],
  ['a JSON array body of numbers', SV, [1], 'the request body', 'JSON object'],
  ['a JSON string body', SV, 'пицца', 'the request body', 'JSON object'],
  ['no keyword', SUG, { limit: 5 }, 'keyword', 'required'],
  ['an empty keyword', SUG, { keyword: '' }, 'keyword', 'empty'],
  ['a whitespace-only keyword', SUG, { keyword: '   ' }, 'keyword', 'empty'],
  ['a 401-character keyword', SUG, { keyword: 'я'.repeat(401) }, 'keyword', '400'],
  ['keyword as a number', SUG, { keyword: 42 }, 'keyword', 'string'],
  ['limit 0', SUG, { keyword: 'ноутбук', limit: 0 }, 'limit', 'between 1 and 100'],
  ['limit 101', SUG, { keyword: 'ноутбук', limit: 101 }, 'limit', 'between 1 and 100'],
  ['limit -5', SUG, { keyword: 'ноутбук', limit: -5 }, 'limit', 'between 1 and 100'],
  ['limit "ten"', SUG, { keyword: 'ноутбук', limit: 'ten' }, 'limit', 'integer'],
  ['limit 2.5', SUG, { keyword: 'ноутбук', limit: 2.5 }, 'limit', 'integer'],
  ['location_code null', SUG, { keyword: 'ноутбук', location_code: null }, 'location_code', 'integer'],
  ['no keyword', LOC, {}, 'keyword', 'required'],
  ['an empty keyword', LOC, { keyword: '' }, 'keyword', 'empty'],
  ['keyword as an array', LOC, { keyword: ['пицца'] }, 'keyword', 'string'],
  ['language_code as an object', LOC, { keyword: 'пицца', language_code: {} }, 'language_code', 'string'],
];

describe('/v1 rejects bad requests with 400 naming the field, before any source call', () => {
  it.each(invalidFieldCases)('%s on %s', async (_label, path, body, field, word) => {
    const { source, ledger, post } = setup();
    const { response, json } = await post(path, body);
    expect(response.status).toBe(400);
    expect(json.status_code).toBe(40501);
    expect(json.tasks[0]!.status_code).toBe(40501);
    expect(json.status_message.startsWith(field === 'the request body' ? field : `${field}:`)).toBe(true);
    expect(json.status_message).toContain(word);
    expect(json.tasks[0]!.result).toBeNull();
    expect(json.cost).toBe(0);
    expect(source.calls).toHaveLength(0);
    expect(ledger.rows()).toMatchObject([{ status: 400, price: 0 }]);
  });

  it('an array body holding two tasks', async () => {
    const { source, post } = setup();
    const { response, json } = await post(SV, [{ keywords: ['пицца'] }, { keywords: ['суши'] }]);
    expect(response.status).toBe(400);
    expect(json.status_code).toBe(40501);
    expect(json.status_message).toContain('exactly one task, got 2');
    expect(source.calls).toHaveLength(0);
  });

  it('broken JSON is 400 with the JSON status code', async () => {
    const { source, post } = setup();
    const { response, json } = await post(SUG, undefined, { raw: '{"keyword": "ноутбук",' });
    expect(response.status).toBe(400);
    expect(json.status_code).toBe(40001);
    expect(json.status_message).toMatch(/^the request body is not valid JSON/);
    expect(source.calls).toHaveLength(0);
  });
});

describe('/v1 accepts the boundaries', () => {
  it('exactly 100 keywords and a 400-character keyword (after trimming)', async () => {
    const { post } = setup();
    const longest = `  ${'я'.repeat(400)}  `;
    const { response, json } = await post(SV, { keywords: [longest, ...many(99)] });
    expect(response.status).toBe(200);
    const result = json.tasks[0]!.result as { keyword: string }[];
    expect(result).toHaveLength(100);
    expect(result[0]!.keyword).toBe(longest);
  });

  it('limit 1 and limit 100', async () => {
    const { post } = setup();
    for (const limit of [1, 100]) {
      const { response, json } = await post(SUG, { keyword: 'ноутбук', limit });
      expect(response.status).toBe(200);
      const [result] = json.tasks[0]!.result as { items: unknown[] }[];
      expect(result!.items.length).toBe(Math.min(limit, 9));
    }
  });

  it('an array holding exactly one task is that task; unknown fields are ignored', async () => {
    const { post } = setup();
    const asObject = await post(LOC, { keyword: 'пицца' });
    const asArray = await post(LOC, [{ keyword: 'пицца', tag: 'ignored', priority: 2 }]);
    expect(asArray.response.status).toBe(200);
    expect(asArray.json.tasks[0]!.result).toEqual(asObject.json.tasks[0]!.result);
  });
});
