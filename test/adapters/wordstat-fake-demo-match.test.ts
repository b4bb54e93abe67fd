import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';

/*
 * The standalone fake Wordstat answers from the demo model (npm run fake-wordstat), so the demo's match-type
 * and ё rules must reach its wire answers too: the service will ask the upstream top for "a b", "!a !b" and
 * [a b], and a fake that counted them above the bare phrase would mislead every test built on it.
 */

let fake: FakeWordstat;
beforeAll(async () => {
  fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog(), { today: () => '2026-11-20' }), today: () => '2026-11-20' });
});
afterAll(() => fake.close());

async function totalCount(phrase: string): Promise<number> {
  const response = await request(`${fake.url}/v2/wordstat/topRequests`, {
    method: 'POST',
    headers: { authorization: 'Api-Key any', 'content-type': 'application/json' },
    body: JSON.stringify({ phrase, numPhrases: '1', folderId: 'f' }),
  });
  const json = (await response.body.json()) as { totalCount?: string };
  expect(response.statusCode).toBe(200);
  return Number(json.totalCount ?? 0);
}

describe('fake Wordstat on the demo model: match types and ё', () => {
  it('counts phrase ≤ broad, exact ≤ phrase, order ≤ broad, and ё as е', async () => {
    for (const words of ['пицца', 'купить ноутбук', 'шины зимние']) {
      const broad = await totalCount(words);
      const phrase = await totalCount(`"${words}"`);
      const exact = await totalCount(`"${words.split(' ').map((w) => `!${w}`).join(' ')}"`);
      const order = await totalCount(`[${words}]`);
      expect(broad).toBeGreaterThan(0);
      expect(phrase).toBeLessThan(broad);
      expect(exact).toBeLessThanOrEqual(phrase);
      expect(order).toBeLessThanOrEqual(broad);
    }
    expect(await totalCount('ёлка')).toBe(await totalCount('елка'));
  });
});
