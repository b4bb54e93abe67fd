import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { API_KEY, FOLDER_ID, IAM_TOKEN, startFixtureFake } from './support/wordstat-harness.js';

/*
 * The fake itself, spoken to raw: it must hold clients to the documented wire format, or the adapter tests
 * above it prove nothing.
 */

let fake: FakeWordstat;
beforeAll(async () => {
  fake = await startFixtureFake({ today: () => '2025-03-15' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function post(path: string, body: unknown, authorization = `Api-Key ${API_KEY}`, method = 'POST') {
  const response = await request(`${fake.url}${path}`, {
    method: method as 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.body.text();
  return { status: response.statusCode, text, json: JSON.parse(text) as Record<string, unknown> };
}

const top = (extra: object = {}, authorization?: string) =>
  post('/v2/wordstat/topRequests', { phrase: 'кот', numPhrases: '3', folderId: FOLDER_ID, ...extra }, authorization);
const dynamics = (extra: object) =>
  post('/v2/wordstat/dynamics', { phrase: 'кот', period: 'PERIOD_MONTHLY', fromDate: '2024-01-01T00:00:00Z', toDate: '2024-02-29T00:00:00Z', folderId: FOLDER_ID, ...extra });

describe('answers in proto3 JSON', () => {
  it('writes int64 as strings and omits a zero count', async () => {
    const { status, json } = await top();
    expect(status).toBe(200);
    expect(json.totalCount).toBe('10300');
    expect(json.results).toEqual([
      { phrase: 'кот', count: '10300' },
      { phrase: 'кот 1', count: '5150' },
      { phrase: 'кот 2' },
    ]);
  });

  it('omits every zero field and empty list: an empty answer is {}', async () => {
    expect((await top({ phrase: 'пусто' })).text).toBe('{}');
  });

  it('writes RFC3339 dates and share in percent', async () => {
    const { json } = await dynamics({});
    expect(json.results).toEqual([
      { date: '2024-01-01T00:00:00Z', count: '100', share: 0.01 },
      { date: '2024-02-01T00:00:00Z' },
    ]);
  });

  it('writes region ids as strings and leaves out empty children', async () => {
    const { json } = await post('/v2/wordstat/getRegionsTree', { folderId: FOLDER_ID });
    const regions = json.regions as { id: string; children?: unknown[] }[];
    expect(regions[0]?.id).toBe('225');
    expect(regions[1]).toEqual({ id: '990100', label: 'Антарктида', children: [{ id: '990101', label: 'Станция Восток' }] });
  });
});

describe('rejects what the real API rejects, with {code, message, details}', () => {
  it('an enum without its prefix → 400, code 3', async () => {
    const { status, json } = await dynamics({ period: 'MONTHLY' });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 3, details: [] });
    expect(json.message).toMatch(/invalid value for enum/);
    expect((await top({ devices: ['PHONE'] })).json.code).toBe(3);
    expect((await post('/v2/wordstat/regions', { phrase: 'кот', region: 'CITIES', folderId: FOLDER_ID })).json.code).toBe(3);
  });

  it('a monthly window not ending on a month\'s last day → code 3 with the API\'s message', async () => {
    const { status, json } = await dynamics({ toDate: '2024-02-28T00:00:00Z' });
    expect(status).toBe(400);
    expect(json).toEqual({ code: 3, message: 'The to field value should be the last day of the month', details: [] });
    expect((await dynamics({ fromDate: '2024-01-02T00:00:00Z' })).json.code).toBe(3);
  });

  it('a weekly window not Monday → Sunday → code 3', async () => {
    const weekly = (fromDate: string, toDate: string) => dynamics({ period: 'PERIOD_WEEKLY', fromDate, toDate });
    expect((await weekly('2025-01-06T00:00:00Z', '2025-01-19T00:00:00Z')).status).toBe(200);
    expect((await weekly('2025-01-07T00:00:00Z', '2025-01-19T00:00:00Z')).json.message).toMatch(/Monday/);
    expect((await weekly('2025-01-06T00:00:00Z', '2025-01-18T00:00:00Z')).json.message).toMatch(/Sunday/);
  });

  it('a plain date where a timestamp belongs → code 3', async () => {
    expect((await dynamics({ fromDate: '2024-01-01' })).json.code).toBe(3);
  });

  it('a missing folderId → 400; a foreign one → 403, code 7', async () => {
    expect((await top({ folderId: undefined })).status).toBe(400);
    const foreign = await top({ folderId: 'other' });
    expect(foreign.status).toBe(403);
    expect(foreign.json.code).toBe(7);
  });

  it('region ids as numbers → code 3 (repeated string)', async () => {
    expect((await top({ regions: [213] })).json.code).toBe(3);
    expect((await top({ regions: ['213'] })).status).toBe(200);
  });

  it('checks the Authorization header: Api-Key or Bearer, else 401, code 16', async () => {
    expect((await top({}, `Bearer ${IAM_TOKEN}`)).status).toBe(200);
    const wrong = await top({}, `Api-Key nope`);
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe(16);
    expect((await top({}, API_KEY)).status).toBe(401);
  });

  it('an unknown path → 404, a GET → 405', async () => {
    expect((await post('/v2/wordstat/nothing', {})).status).toBe(404);
    const get = await request(`${fake.url}/v2/wordstat/topRequests`, { method: 'GET' });
    expect(get.statusCode).toBe(405);
    await get.body.text();
  });
});

describe('counters and faults', () => {
  it('counts calls per method, faulted ones too, and reset() clears them', async () => {
    fake.inject('internal', { method: 'top' });
    expect((await top()).status).toBe(500);
    expect((await top()).status).toBe(200);
    await dynamics({});
    expect(fake.calls).toEqual({ top: 2, dynamics: 1, regions: 0, regionTree: 0 });
    fake.reset();
    expect(fake.calls.top).toBe(0);
    expect(fake.requests).toEqual([]);
  });

  it('a Retry-After fault sends the header; the refill fault says it in the message', async () => {
    fake.inject('rate-limited-retry-after', { seconds: 7 });
    const limited = await request(`${fake.url}/v2/wordstat/topRequests`, { method: 'POST', body: '{}' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(await limited.body.json()).toMatchObject({ code: 8 });
    fake.inject('rate-limited-refill', { seconds: 9 });
    expect((await top()).json.message).toMatch(/Time to refill: 9 seconds/);
  });
});
