import { describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { DomainError } from '../../src/domain/errors.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

const routes = ['/v2/stats/top', '/v2/stats/dynamics', '/v2/stats/regions'];

describe('/v2 request handling', () => {
  it.each(routes)('%s: 401 with WWW-Authenticate and problem+json without a valid key', async (path) => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    for (const headers of [{}, { authorization: 'Bearer wrong-key-123456' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
      const res = await post(app, path, { phrase: 'x' }, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.json).toMatchObject({ status: 401, title: 'Unauthorized', code: 'UNAUTHENTICATED' });
    }
  });

  it('405 for a wrong method, 404 for an unknown path, both problem+json', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const get = await app.fetch(new Request('http://localhost/v2/stats/top'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
    const missing = await post(app, '/v2/stats/nothing', {});
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('413 for a body over 1 MiB, 400 for broken JSON and non-object bodies', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const big = await post(app, '/v2/stats/top', JSON.stringify({ phrase: 'x'.repeat(1024 * 1024 + 10) }));
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ status: 413, field: 'body' });
    for (const body of ['{"phrase": ', 'not json', '', '[1,2]', '"text"', 'null']) {
      const res = await post(app, '/v2/stats/top', body);
      expect(res.status, body).toBe(400);
      expect(res.json.field, body).toBe('body');
      expect(res.headers.get('x-cost')).toBe('0');
    }
  });

  it.each([
    ['/v2/stats/top', {}, 'phrase'],
    ['/v2/stats/top', { phrase: '' }, 'phrase'],
    ['/v2/stats/top', { phrase: '   ' }, 'phrase'],
    ['/v2/stats/top', { phrase: 42 }, 'phrase'],
    ['/v2/stats/top', { phrase: 'a'.repeat(401) }, 'phrase'],
    ['/v2/stats/top', { phrase: 'x', numPhrases: -1 }, 'numPhrases'],
    ['/v2/stats/top', { phrase: 'x', numPhrases: 2001 }, 'numPhrases'],
    ['/v2/stats/top', { phrase: 'x', numPhrases: 'ten' }, 'numPhrases'],
    ['/v2/stats/top', { phrase: 'x', numPhrases: 2.5 }, 'numPhrases'],
    ['/v2/stats/top', { phrase: 'x', regions: 'moscow' }, 'regions'],
    ['/v2/stats/top', { phrase: 'x', regions: [213, 'spb'] }, 'regions[1]'],
    ['/v2/stats/top', { phrase: 'x', regions: [213, 123456789] }, 'regions[1]'],
    ['/v2/stats/top', { phrase: 'x', devices: 'watch' }, 'devices'],
    ['/v2/stats/top', { phrase: 'x', devices: ['desktop', 7] }, 'devices'],
    ['/v2/stats/dynamics', { phrase: 'x', period: 'yearly' }, 'period'],
    ['/v2/stats/dynamics', { phrase: 'x', period: 3 }, 'period'],
    ['/v2/stats/dynamics', { phrase: 'x', fromDate: '2026-02-30' }, 'fromDate'],
    ['/v2/stats/dynamics', { phrase: 'x', toDate: '05.06.2026' }, 'toDate'],
    ['/v2/stats/dynamics', { phrase: 'x', fromDate: '2026-06-01', toDate: '2026-01-01' }, 'fromDate'],
    ['/v2/stats/dynamics', { phrase: 'x', period: 'daily', fromDate: '2026-01-01' }, 'fromDate'],
    ['/v2/stats/regions', { phrase: 'x', region: 'planets' }, 'region'],
    ['/v2/stats/regions', { phrase: '' }, 'phrase'],
  ])('%s %j → 400 naming %s', async (path, body, field) => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const res = await post(app, path, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json).toMatchObject({ status: 400, title: 'Bad Request', field });
    expect(res.json.detail).toContain(field.replace(/\[\d+\]$/, ''));
    expect(source.count()).toBe(0);
  });

  it.each([
    [new DomainError('SOURCE_QUOTA_EXHAUSTED', 'quota spent', { retryAfterSeconds: 1800 }), 403, '1800'],
    [new DomainError('SOURCE_RATE_LIMITED', 'slow down', { retryAfterSeconds: 1.2 }), 429, '2'],
    [new DomainError('SOURCE_UNAVAILABLE', 'down'), 503, null],
    [new DomainError('SOURCE_FAILED', 'rejected'), 500, null],
    [new Error('bug'), 500, null],
  ])('a source failure %s maps to %d with Retry-After %s, cost 0', async (error, status, retryAfter) => {
    const source = createFakeSource({ answers: formulaAnswers, failWhen: () => error });
    const app = createTestApp({ source });
    const res = await post(app, '/v2/stats/top', { phrase: 'x' });
    expect(res.status).toBe(status);
    expect(res.headers.get('retry-after')).toBe(retryAfter);
    expect(res.headers.get('x-cost')).toBe('0');
    expect(res.json.status).toBe(status);
    if (!(error instanceof DomainError)) expect(res.json.detail).not.toContain('bug');
  });
});

describe('/v2 answers', () => {
  it('top: defaults, sorted results within totalCount, cache MISS then HIT at the repeat price', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const ledger = createMemoryLedger();
    const app = createTestApp({ source, ledger }, { PRICE_CALL: '2', PRICE_REPEAT: '0.5' });
    const first = await post(app, '/v2/stats/top', { phrase: '  купить  велосипед ', numPhrases: 0 });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('x-cost')).toBe('2');
    expect(Object.keys(first.json)).toEqual(['totalCount', 'results', 'associations']);
    expect(first.json.totalCount).toBe(20_000);
    const counts = first.json.results.map((r: { count: number }) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(Math.max(...counts)).toBeLessThanOrEqual(first.json.totalCount);
    // The same canonical request (other spacing and case) is a repeat.
    const again = await post(app, '/v2/stats/top', { phrase: 'Купить велосипед', numPhrases: 50 });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('x-cost')).toBe('0.5');
    expect(again.json).toEqual(first.json);
    expect(source.count('top')).toBe(1);
    expect(ledger.rows().map((r) => [r.operation, r.cacheStatus, r.status, r.price])).toEqual([
      ['v2.top', 'MISS', 200, 2],
      ['v2.top', 'HIT', 200, 0.5],
    ]);
  });

  it('dynamics: 12 months ending last month by default, every period present, trend computed', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const res = await post(app, '/v2/stats/dynamics', { phrase: 'велосипед' });
    expect(res.status).toBe(200);
    expect(res.json.results).toHaveLength(12);
    expect(res.json.results[0].date).toBe('2025-03-01');
    expect(res.json.results[11].date).toBe('2026-02-01');
    // fixture: 1000 + 10 × index → first 1000, last 1110: up 11%
    expect(res.json.trend).toBe('up 11%');
    const weekly = await post(app, '/v2/stats/dynamics', { phrase: 'велосипед', period: 'Weekly', fromDate: '2026-02-04' });
    expect(weekly.json.results.map((p: { date: string }) => p.date)).toEqual(['2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09']);
  });

  it('regions: names from the catalog, shares of the total, count descending, level filter', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const all = await post(app, '/v2/stats/regions', { phrase: 'пицца' });
    expect(all.status).toBe(200);
    const moscow = all.json.regions.find((r: { regionId: number }) => r.regionId === 213);
    expect(moscow).toMatchObject({ regionName: 'Москва', regionType: 'city', parentId: 1, countryCode: 'RU', count: 300, share: 0.3 });
    const russia = all.json.regions.find((r: { regionId: number }) => r.regionId === 225);
    expect(russia).toMatchObject({ parentId: 0, parentName: '', regionType: 'country' });
    const counts = all.json.regions.map((r: { count: number }) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const cities = await post(app, '/v2/stats/regions', { phrase: 'пицца', region: 'cities' });
    expect(cities.json.regions.every((r: { regionType: string }) => r.regionType === 'city')).toBe(true);
    expect(cities.json.regions.length).toBeGreaterThan(0);
    // One upstream call serves every level, and a region's share is the same in each view.
    expect(cities.headers.get('x-cache')).toBe('HIT');
    expect(cities.json.regions.find((r: { regionId: number }) => r.regionId === 213).share).toBe(moscow.share);
  });
});
