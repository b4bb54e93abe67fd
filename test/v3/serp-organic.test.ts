import { describe, expect, it } from 'vitest';
import { useSearchApps } from '../support/search-apps.js';
import { post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

/*
 * Issue 28: /v3/serp/yandex/organic/live/advanced gives the format's clients Yandex results in its SERP item shape,
 * through the serp operation (one search per page, shared with /v2/stats/serp; bad input 40501 naming the
 * format's own field, before any search).
 */

const search = useSearchApps();
const setup = () => search.app();

const PATH = '/v3/serp/yandex/organic/live/advanced';
const AUTH = { authorization: `Basic ${Buffer.from(`me:${TEST_KEY}`).toString('base64')}`, 'content-type': 'application/json' };

describe('/v3/serp/yandex/organic/live/advanced', { timeout: 60_000 }, () => {
  it('answers the page in the format’s item shape, the same results /v2/stats/serp shows, one search', async () => {
    const app = setup();
    const answer = await post(app, PATH, [{ keyword: 'купить диван', location_code: 2643, depth: 20, device: 'mobile', tag: 't1' }], AUTH);
    expect(answer.status, answer.text).toBe(200);
    const task = answer.json.tasks[0];
    expect(task.status_code).toBe(20000);
    const result = task.result[0];
    expect(result).toMatchObject({ keyword: 'купить диван', type: 'organic', se_domain: 'yandex.ru', location_code: 2643, device: 'mobile' });
    expect(search.fake.calls.search).toBe(1);
    const v2 = await post(app, '/v2/stats/serp', { phrase: 'купить диван', region: 225, depth: 20, device: 'mobile' });
    expect(v2.headers.get('x-cache')).toBe('HIT');
    expect(result.se_results_count).toBe(v2.json.found_docs);
    expect(result.items_count).toBe(v2.json.results.length);
    // description: the result's snippet when the page carries one (serp-description.test.ts), else null.
    for (const item of result.items) expect(item.description === null || typeof item.description === 'string').toBe(true);
    expect(result.items.map(({ description: _snippet, ...item }: { description: unknown }) => item)).toEqual(
      v2.json.results.map((r: { position: number; url: string; domain: string; title: string }) => ({
        type: 'organic',
        rank_group: r.position,
        rank_absolute: r.position,
        position: 'left',
        domain: r.domain,
        title: r.title,
        url: r.url,
        breadcrumb: null,
      })),
    );
    expect(search.fake.calls.search).toBe(1);
  });

  it.each([
    [{ location_code: 2643 }, 'keyword'],
    [{ keyword: 'диван', depth: 15 }, 'depth'],
    [{ keyword: 'диван', device: 'tablet' }, 'device'],
    [{ keyword: 'диван', location_code: 999_999_999 }, 'location_code'],
  ])('refuses %j with 40501 naming %s, no search', async (body, field) => {
    const app = setup();
    const answer = await post(app, PATH, [body], AUTH);
    const task = answer.json.tasks[0];
    expect(task.status_code, answer.text.slice(0, 400)).toBe(40501);
    expect(task.status_message).toContain(field);
    expect(search.fake.calls.search).toBe(0);
  });
});
