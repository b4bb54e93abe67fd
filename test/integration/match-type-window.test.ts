import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { createTestApp, post } from '../support/app.js';
import { createTestClock, TODAY } from '../support/kit.js';

/*
 * Issue 24, item 2: a match type's monthly series is broad's months × (type's GetTop count ÷ the bare phrase's
 * GetTop count), both over the same 30 days. Before, the share was taken against broad's newest calendar month,
 * so a seasonal phrase came out tens of percent off depending on the day it was asked.
 */

type Month = { year: number; month: number; search_volume: number };
type Item = {
  keyword: string;
  monthly_searches: Month[];
  match_type_monthly_searches: Record<string, { last_30_days: number; broad_last_30_days: number; ratio: number; monthly_searches: Month[] }>;
};

const TYPES = ['phrase', 'exact', 'order'] as const;
/** Strongly seasonal (a December peak, rising through November) and flat ones. */
const KEYWORDS = ['новогодние подарки', 'детский велосипед', 'купить пиццу'];

async function askOn(isoInstant: string): Promise<Item[]> {
  const app = createTestApp({ clock: createTestClock(Date.parse(isoInstant)) });
  try {
    await app.ready();
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: KEYWORDS, match_types: [...TYPES] });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.tasks[0].result as Item[];
  } finally {
    await app.close();
  }
}

describe('match-type series over one 30-day window (demo source, virtual clock)', () => {
  it('asked on two different days of the same month window, each derived month differs by under 2 %', async () => {
    // Both days have the same completed months (the newest is October), and different last-30-days windows.
    const early = await askOn('2026-11-05T09:00:00Z');
    const late = await askOn('2026-11-26T09:00:00Z');
    let compared = 0;
    early.forEach((a, k) => {
      const b = late[k]!;
      expect(b.monthly_searches).toEqual(a.monthly_searches); // broad itself does not move
      for (const type of TYPES) {
        const x = a.match_type_monthly_searches[type]!.monthly_searches;
        const y = b.match_type_monthly_searches[type]!.monthly_searches;
        x.forEach((m, i) => {
          if (m.search_volume < 100) return; // rounding to the unit dominates below that
          compared++;
          expect(Math.abs(y[i]!.search_volume - m.search_volume) / m.search_volume, `${a.keyword} ${type} ${m.year}-${m.month}`).toBeLessThan(0.02);
        });
      }
    });
    expect(compared).toBeGreaterThan(50);
  });
});

describe('match-type series against the fake Wordstat', () => {
  let fake: FakeWordstat;
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog(), { today: () => TODAY }), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
    app = createTestApp({}, { SOURCE: 'wordstat', YANDEX_API_KEY: 'fake-key', YANDEX_FOLDER_ID: 'folder-1', WORDSTAT_BASE_URL: fake.url });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** What the fake answers GetTop for a phrase over Russia: the wire's totalCount (a JSON string). */
  async function wireTotal(phrase: string): Promise<number> {
    const response = await fetch(`${fake.url}/v2/wordstat/topRequests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Api-Key fake-key' },
      body: JSON.stringify({ folderId: 'folder-1', phrase, numPhrases: 1, regions: ['225'] }),
    });
    const body = (await response.json()) as { totalCount?: string };
    return Number(body.totalCount ?? 0);
  }

  it('each derived month is broad month × (type total ÷ bare total) from the wire, with one bare GetTop per keyword', async () => {
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: KEYWORDS, match_types: ['phrase', 'order'] });
    expect(answer.status, answer.text).toBe(200);
    const tops = fake.requests.filter((r) => r.method === 'top').map((r) => (r.body as { phrase: string }).phrase);
    // One bare call and one per type for each keyword, and nothing else.
    expect(fake.calls.top).toBe(KEYWORDS.length * 3);
    for (const keyword of KEYWORDS) expect(tops.filter((p) => p === keyword)).toHaveLength(1);
    expect(fake.calls.dynamics).toBe(KEYWORDS.length);

    for (const item of answer.json.tasks[0].result as Item[]) {
      const bare = await wireTotal(item.keyword);
      expect(bare).toBeGreaterThan(0);
      for (const [type, wrapped] of [['phrase', `"${item.keyword}"`], ['order', `[${item.keyword}]`]] as const) {
        const series = item.match_type_monthly_searches[type]!;
        const total = await wireTotal(wrapped);
        expect(series.last_30_days).toBe(total);
        expect(series.broad_last_30_days).toBe(bare);
        const ratio = Math.min(1, total / bare);
        expect(series.ratio).toBeCloseTo(ratio, 6);
        series.monthly_searches.forEach((m, i) => expect(m.search_volume, `${item.keyword} ${type}`).toBe(Math.round(item.monthly_searches[i]!.search_volume * ratio)));
      }
    }
  });

  it('the bare call is the /v2/stats/top call for the phrase: after /v2 top it is free, and the live plan counts it', async () => {
    fake.reset();
    const before = fake.calls.top;
    const top = await post(app, '/v2/stats/top', { phrase: 'самокат трюковой', regions: [225] });
    expect(top.status, top.text).toBe(200);
    expect(fake.calls.top).toBe(before + 1);
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: ['самокат трюковой'], match_types: ['phrase'] });
    expect(answer.status, answer.text).toBe(200);
    // Only the phrase form is new: the bare count came from /v2's cached answer.
    expect(fake.calls.top).toBe(before + 2);
  });
});
