import { z } from 'zod';
import { parseBody } from '../../src/domain/requests/parse.js';
import { describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createRestHandler } from '../../src/rest/handler.js';
import { buildOpenApiDocument } from '../../src/rest/openapi/document.js';
import { v1Routes } from '../../src/rest/v1/routes.js';
import { v2Routes } from '../../src/rest/v2/routes.js';
import { readCsvObjects } from '../support/csv-read.js';
import { createFakeSource } from '../support/fake-source.js';
import { createGoldenApp, expectGolden } from '../support/golden.js';
import { AUTH_HEADER } from '../support/kit.js';
import { apiRequest, createTestRuntime } from '../support/runtime.js';

/** One fresh app per call (the golden app: fixture source, FIXED_NOW), the answer's exact bytes and its ledger. */
async function call(path: string, body: unknown, query = '', headers: Record<string, string> = {}) {
  const ledger = createMemoryLedger();
  const { app } = createGoldenApp({ ledger });
  const get = body === undefined;
  const response = await app.fetch(
    new Request(`http://service.test${path}${query}`, {
      method: get ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...AUTH_HEADER, ...headers },
      ...(get ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return { response, bytes: Buffer.from(await response.arrayBuffer()), ledger };
}

const CASES: [file: string, path: string, body: unknown, query: string][] = [
  ['v1-search-volume.csv', '/v1/keywords/search_volume', { keywords: ['Купить ноутбук', '  пицца ', 'редкий запрос'] }, '?format=csv'],
  ['v1-search-volume-comma.csv', '/v1/keywords/search_volume', { keywords: ['Купить ноутбук', '  пицца ', 'редкий запрос'] }, '?format=csv&delimiter=comma'],
  ['v1-suggestions.csv', '/v1/keywords/suggestions', { keyword: 'ноутбук', limit: 5 }, '?format=csv'],
  ['v1-locations.csv', '/v1/keywords/locations', { keyword: 'пицца' }, '?format=csv'],
  ['v2-top.csv', '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 3 }, '?format=csv'],
  ['v2-dynamics.csv', '/v2/stats/dynamics', { phrase: 'пицца', period: 'monthly', fromDate: '2025-10-10', toDate: '2026-01-20' }, '?format=csv'],
  ['v2-dynamics-comma.csv', '/v2/stats/dynamics', { phrase: 'пицца', period: 'monthly', fromDate: '2025-10-10', toDate: '2026-01-20' }, '?format=csv&delimiter=comma'],
  ['v2-regions.csv', '/v2/stats/regions', { phrase: 'пицца', region: 'all' }, '?format=csv'],
  ['v2-region-search.csv', '/v2/stats/region_search', { query: 'м', limit: 5 }, '?format=csv'],
];

describe('CSV export: golden files (bytes, BOM included)', () => {
  it.each(CASES)('%s', async (file, path, body, query) => {
    const { response, bytes } = await call(path, body, query);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('x-cost')).not.toBeNull();
    expectGolden('golden-csv', file, bytes);
  });

  it('the Excel dialect: BOM, semicolons, decimal comma, CRLF; comma: no BOM, dot decimals', async () => {
    const excel = (await call('/v2/stats/dynamics', { phrase: 'пицца' }, '?format=csv')).bytes.toString('utf8');
    expect(excel.startsWith('\uFEFFdate;count;share\r\n')).toBe(true);
    expect(excel).toMatch(/\r\n\d{4}-\d{2}-\d{2};\d+;0,\d+\r\n/);
    const plain = (await call('/v2/stats/dynamics', { phrase: 'пицца' }, '?format=csv&delimiter=comma')).bytes.toString('utf8');
    expect(plain.startsWith('date,count,share\r\n')).toBe(true);
    expect(plain).toMatch(/\r\n\d{4}-\d{2}-\d{2},\d+,0\.\d+\r\n/);
  });

  it('rows match the JSON answer, cell for cell', async () => {
    const json = await (await call('/v2/stats/regions', { phrase: 'пицца' })).response.json();
    const csv = (await call('/v2/stats/regions', { phrase: 'пицца' }, '?format=csv&delimiter=comma')).bytes.toString('utf8');
    const records = readCsvObjects(csv);
    expect(records).toEqual(json.regions.map((row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)]))));
  });

  it('Accept: text/csv gives the same file as ?format=csv, with the call’s X-Cache and X-Cost', async () => {
    const byQuery = await call('/v2/stats/top', { phrase: 'ноутбук', numPhrases: 3 }, '?format=csv');
    const byAccept = await call('/v2/stats/top', { phrase: 'ноутбук', numPhrases: 3 }, '', { accept: 'text/csv' });
    expect(byAccept.bytes.equals(byQuery.bytes)).toBe(true);
    expect(byAccept.response.headers.get('x-cache')).toBe('MISS');
    expect(byAccept.response.headers.get('x-cost')).toBe('1');
    expect(byAccept.response.headers.get('content-disposition')).toBe('attachment; filename="top.csv"');
    // JSON still answers a JSON client, and ?format=json wins over Accept.
    const json = await call('/v2/stats/top', { phrase: 'ноутбук', numPhrases: 3 }, '?format=json', { accept: 'text/csv' });
    expect(json.response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each([
    ['?format=xml', 'format'],
    ['?format=csv&delimiter=tab', 'delimiter'],
  ])('400 naming the parameter for %s, before any call is spent', async (query, field) => {
    const { response, ledger } = await call('/v2/stats/top', { phrase: 'ноутбук' }, query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_FIELD', field });
    expect(ledger.rows()[0]).toMatchObject({ status: 400, price: 0 });
  });

  it('a route without a table: ?format=csv is a 400 naming format, Accept: text/csv falls back to JSON', async () => {
    const explicit = await call('/v2/stats/quota', undefined, '?format=csv');
    expect(explicit.response.status).toBe(400);
    expect(JSON.parse(explicit.bytes.toString())).toMatchObject({ field: 'format' });
    const accept = await call('/v2/stats/quota', undefined, '', { accept: 'text/csv' });
    expect(accept.response.status).toBe(200);
    expect(accept.response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('errors keep their JSON body when CSV was asked for', async () => {
    const { response } = await call('/v2/stats/top', { phrase: '' }, '?format=csv');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('OpenAPI documents the text/csv answer and its parameters on every route with a table, and only there', () => {
    const document = buildOpenApiDocument([...v1Routes, ...v2Routes]) as any;
    for (const [file, path] of CASES) {
      const operation = document.paths[path].post;
      expect(operation.responses['200'].content['text/csv'], file).toBeDefined();
      expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['format', 'delimiter']);
    }
    expect(document.paths['/v2/stats/quota'].get.responses['200'].content['text/csv']).toBeUndefined();
  });

  it('a task_get of search_volume answers the live route\'s table (once the task routes present the result items)', async () => {
    const live = await call('/v1/keywords/search_volume', CASES[0]![2], '?format=csv');
    const { runtime } = createTestRuntime({ source: createFakeSource() });
    const [searchVolume] = v1Routes;
    // A stand-in for issue 12's task_get: the same result items under a task path.
    const taskGet = {
      ...searchVolume!,
      path: '/v1/keywords/search_volume/task_get/0b6f3d2a-6c1e-4f7b-9a51-3f0c1e2d4b5a',
      method: 'GET' as const,
      schema: z.object({}),
    };
    taskGet.handle = (_query, scope, info) => searchVolume!.handle(parseBody(searchVolume!.schema, CASES[0]![2]), scope, info);
    const response = (await createRestHandler(runtime, [taskGet])(apiRequest(`${taskGet.path}?format=csv`, undefined, { method: 'GET' })))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="search_volume-0b6f3d2a-6c1e-4f7b-9a51-3f0c1e2d4b5a.csv"');
    expect(Buffer.from(await response.arrayBuffer()).equals(live.bytes)).toBe(true);
  });
});
