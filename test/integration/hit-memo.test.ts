import { describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { Cache } from '../../src/ports/cache.js';
import { createTestClock } from '../support/kit.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestCache } from '../support/memory-cache.js';
import { createTestApp, post } from '../support/app.js';

const HOUR = 3_600_000;

/** A test cache that counts its reads: a kept answer is served without one. */
function countingCache(cache: Cache) {
  let reads = 0;
  return {
    cache: { ...cache, get: <T>(key: string) => (reads++, cache.get<T>(key)) } as Cache,
    reads: () => reads,
  };
}

function setup(answers = callNumberAnswers) {
  const clock = createTestClock();
  const source = createFakeSource({ answers });
  const counting = countingCache(createTestCache(clock));
  const ledger = createMemoryLedger();
  const app = createTestApp({ source, clock, ledger, cache: counting.cache }, { CACHE_TTL: '24h', PRICE_CALL: '1', PRICE_REPEAT: '0.1' });
  return { app, clock, source, ledger, reads: counting.reads };
}

/** The headers a client sees, without the per-request id. */
const headersOf = (response: { headers: Headers }) => [...response.headers].filter(([name]) => name !== 'x-request-id');
/** A /v1 body with its per-request task id blanked (the test clock stands still, so `time` is the same). */
const withoutTaskId = (text: string) => text.replace(/"id":"[0-9a-f-]{36}"/, '"id":"-"');

const CASES = [
  { name: '/v2/stats/top', path: '/v2/stats/top', body: { phrase: 'ноутбук', numPhrases: 50 }, normalize: (text: string) => text },
  { name: '/v2/stats/dynamics', path: '/v2/stats/dynamics', body: { phrase: 'ноутбук', period: 'monthly' }, normalize: (text: string) => text },
  {
    name: '/v1/keywords/search_volume (unknown location: fallback header)',
    path: '/v1/keywords/search_volume',
    body: { keywords: ['купить ноутбук', 'пицца', 'велосипед'], location_code: 123456 },
    normalize: withoutTaskId,
  },
];

describe('kept answers on the REST hit path (issue 25, item 7)', () => {
  for (const c of CASES) {
    it(`${c.name}: the kept answer is byte for byte the pipeline's, with the same headers and ledger row`, async () => {
      const { app, source, ledger, reads } = setup();
      const miss = await post(app, c.path, c.body);
      expect(miss.status).toBe(200);
      expect(miss.headers.get('x-cache')).toBe('MISS');
      const calls = source.count();

      const slow = await post(app, c.path, c.body); // a hit through the whole pipeline: it keeps the answer
      expect(slow.headers.get('x-cache')).toBe('HIT');
      const readsBefore = reads();
      const fast = await post(app, c.path, c.body);
      expect(reads()).toBe(readsBefore); // served from the kept answer: no cache lookup at all
      expect(source.count()).toBe(calls);

      expect(c.normalize(fast.text)).toBe(c.normalize(slow.text));
      expect(headersOf(fast)).toEqual(headersOf(slow));
      expect(fast.headers.get('x-cost')).toBe('0.1');
      const rows = ledger.rows();
      expect(rows).toHaveLength(3);
      expect(rows[2]).toEqual(rows[1]);
      expect(rows[2]).toMatchObject({ cacheStatus: 'HIT', status: 200, price: 0.1 });
    });
  }

  it('the /v1 envelope is made per request around the kept result: a fresh task id, the time, the cost', async () => {
    const { app, clock } = setup();
    const body = { keywords: ['пицца'] };
    await post(app, '/v1/keywords/search_volume', body);
    const slow = await post(app, '/v1/keywords/search_volume', body);
    clock.advance(1234); // the task's time is measured by the service clock; it stands still within a request
    const fast = await post(app, '/v1/keywords/search_volume', body);
    expect(fast.json.tasks[0].id).not.toBe(slow.json.tasks[0].id);
    expect(fast.json.tasks[0].data).toEqual({ api: 'keywords', function: 'search_volume', keywords: ['пицца'] });
    expect(fast.json.tasks[0].result).toEqual(slow.json.tasks[0].result);
    expect(fast.json.cost).toBe(0.1);
  });

  it('never serves a kept answer past the TTL of the entries it was built from: the changed source answer comes', async () => {
    const { app, clock, source } = setup();
    const body = { phrase: 'ноутбук' };
    const first = await post(app, '/v2/stats/top', body);
    await post(app, '/v2/stats/top', body); // kept now
    expect((await post(app, '/v2/stats/top', body)).json).toEqual(first.json);

    clock.advance(24 * HOUR); // the source entry is no longer fresh
    const after = await post(app, '/v2/stats/top', body);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(after.json.totalCount).not.toBe(first.json.totalCount); // the call-number model: a new upstream answer
    expect(source.count('top')).toBe(2);
    const again = await post(app, '/v2/stats/top', body);
    expect(again.json).toEqual(after.json);
    expect(again.headers.get('x-cache')).toBe('HIT');
  });

  it('drops kept answers when the cache stores an answer (a refreshed source entry), and on a new service day', async () => {
    const { app, clock, reads } = setup();
    const body = { phrase: 'ноутбук' };
    await post(app, '/v2/stats/top', body);
    await post(app, '/v2/stats/top', body); // kept
    const kept = reads();
    await post(app, '/v2/stats/top', body);
    expect(reads()).toBe(kept);

    await post(app, '/v2/stats/top', { phrase: 'пицца' }); // a miss: stores an answer
    const before = reads();
    const after = await post(app, '/v2/stats/top', body);
    expect(after.headers.get('x-cache')).toBe('HIT');
    expect(reads()).toBeGreaterThan(before); // through the pipeline again

    await post(app, '/v2/stats/top', body); // kept again
    clock.advance(23 * HOUR); // still fresh, but another day in Moscow
    const nextDay = reads();
    await post(app, '/v2/stats/top', body);
    expect(reads()).toBeGreaterThan(nextDay);
  });

  it('a request the pipeline refuses is refused the same with a kept answer for its body', async () => {
    const { app } = setup();
    const body = { phrase: 'ноутбук' };
    await post(app, '/v2/stats/top', body);
    await post(app, '/v2/stats/top', body);
    const text = JSON.stringify(body);
    const wrongType = await post(app, '/v2/stats/top', text, { authorization: 'Bearer test-key-0123456789abcdef', 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    const noKey = await post(app, '/v2/stats/top', text, {});
    expect(noKey.status).toBe(401);
    const csv = await app.fetch(
      new Request('http://localhost/v2/stats/top?format=csv', { method: 'POST', headers: { authorization: 'Bearer test-key-0123456789abcdef' }, body: text }),
    );
    expect(csv.headers.get('content-type')).toMatch(/text\/csv|problem/);
  });
});
