import { describe, expect, it } from 'vitest';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

/*
 * Issue 20, item 21 and the upstream-economy regression: spellings of one request that Wordstat does not tell
 * apart (NFD, zero-width characters, ё/е, case, word order without order operators, the order and repeats of
 * region and device lists) are one cache entry and one upstream call, on every face.
 */
describe('variants of one request share one upstream call', () => {
  it('NFD, zero-width, ё/е and case variants of a phrase', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    const variants = ['ёлка', 'елка', 'ёлка'.normalize('NFD'), 'ёл\u200bка', '\ufeffЁЛКА', 'ел\u00adка'];
    for (const phrase of variants) expect((await post(app, '/v2/stats/top', { phrase })).status).toBe(200);
    expect(source.count()).toBe(1);
    // Through the other faces too: GraphQL and /v1 ask the same canonical top call.
    const graphql = await post(app, '/graphql', { query: '{ top(phrase: "Е\u200dлка") { totalCount } }' });
    expect(graphql.status).toBe(200);
    expect(source.count()).toBe(1);
    await app.close();
  });

  it('word order (without order operators) and the order and repeats of region and device lists', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    const requests = [
      { phrase: 'купить ноутбук', regions: [213, 2], devices: ['phone', 'desktop'] },
      { phrase: 'ноутбук  купить', regions: [2, 213], devices: ['desktop', 'phone'] },
      { phrase: 'Ноутбук Купить', regions: [2, 213, 2], devices: ['DEVICE_PHONE', 'mobile', 'desktop'] },
    ];
    for (const body of requests) expect((await post(app, '/v2/stats/dynamics', body)).status).toBe(200);
    expect(source.count()).toBe(1);
    // The order operator [...] fixes the order: these are two calls.
    await post(app, '/v2/stats/top', { phrase: '[купить ноутбук]' });
    await post(app, '/v2/stats/top', { phrase: '[ноутбук купить]' });
    expect(source.count()).toBe(3);
    await app.close();
  });

  it('responses still echo the keyword as sent', async () => {
    const app = createTestApp({ source: createFakeSource() });
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: ['ёлка', 'ел\u200bка'] });
    expect(answer.json.tasks[0].result.map((item: { keyword: string }) => item.keyword)).toEqual(['ёлка', 'ел\u200bка']);
    await app.close();
  });
});
