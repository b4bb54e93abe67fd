import { describe, expect, it } from 'vitest';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

/*
 * The upstream-economy regression of issue 20: a GetTop answer for numPhrases N holds every smaller answer, so a
 * smaller request is a HIT cut from it (first n rows), on every face; a larger one calls upstream once.
 */
describe('a larger numPhrases answer serves a smaller one', () => {
  it('top 200, then 10, 50 and GraphQL 5: one call; then 300: a second call, which serves 250', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    const wide = await post(app, '/v2/stats/top', { phrase: 'велосипед', numPhrases: 200 });
    expect(wide.status).toBe(200);
    for (const numPhrases of [10, 50]) {
      const narrow = await post(app, '/v2/stats/top', { phrase: 'велосипед', numPhrases });
      expect(narrow.headers.get('x-cache')).toBe('HIT');
      expect(narrow.json.totalCount).toBe(wide.json.totalCount);
      expect(narrow.json.results).toEqual(wide.json.results.slice(0, numPhrases));
      expect(narrow.json.associations).toEqual(wide.json.associations.slice(0, numPhrases));
    }
    const graphql = await post(app, '/graphql', { query: '{ top(phrase: "велосипед", numPhrases: 5) { totalCount results { phrase } } }' });
    expect(graphql.json.data.top.results).toHaveLength(Math.min(5, wide.json.results.length));
    expect(source.count()).toBe(1);

    await post(app, '/v2/stats/top', { phrase: 'велосипед', numPhrases: 300 });
    expect(source.count()).toBe(2);
    const cut = await post(app, '/v2/stats/top', { phrase: 'велосипед', numPhrases: 250 });
    expect(cut.headers.get('x-cache')).toBe('HIT');
    expect(source.count()).toBe(2);
    // Another filter is another request.
    await post(app, '/v2/stats/top', { phrase: 'велосипед', numPhrases: 10, regions: [213] });
    expect(source.count()).toBe(3);
    await app.close();
  });
});
