import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import type { StatisticsSource } from '../../src/ports/statistics-source.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource, type FakeSourceOptions } from '../support/fake-source.js';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import { createScheduledSource } from '../support/scheduled-source.js';
import { createTestClock } from '../support/kit.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { createTestCache } from '../support/memory-cache.js';

/** The formula source, recording each call as `method` or `dynamics:PERIOD`, and the most calls in flight at once. */
function recordingSource(options: Omit<FakeSourceOptions, 'answers'> = {}) {
  const inner = createFakeSource({ answers: formulaAnswers, ...options });
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const track = async <T>(name: string, call: () => Promise<T>): Promise<T> => {
    calls.push(name);
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    try {
      await new Promise((resolve) => setImmediate(resolve)); // let every call the executor wants start first
      return await call();
    } finally {
      inFlight--;
    }
  };
  const source: StatisticsSource = {
    ...inner,
    top: (q) => track('top', () => inner.top(q)),
    dynamics: (q) => track(`dynamics:${q.period}`, () => inner.dynamics(q)),
    regions: (q) => track('regions', () => inner.regions(q)),
  };
  return { source, calls, maxInFlight: () => maxInFlight };
}

const phrases = (n: number) => Array.from({ length: n }, (_, i) => `фраза ${i}`);

describe('Keyword is lazy: a field reaches the source only when selected', () => {
  it('dynamics(period: WEEKLY) alone makes the weekly call and nothing else', async () => {
    const { source, calls } = recordingSource();
    const app = createTestApp({ source });
    const res = await graphql(app, '{ keyword(phrase: "велосипед") { phrase dynamics(period: WEEKLY) { trend } } }');
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.keyword.phrase).toBe('велосипед');
    expect(calls).toEqual(['dynamics:PERIOD_WEEKLY']);
    expect(res.headers.get('x-cost')).toBe(String(app.runtime.prices.call));
  });

  it('the keyword itself (phrase, location, competition) makes no source call and costs nothing', async () => {
    const { source, calls } = recordingSource();
    const app = createTestApp({ source });
    const res = await graphql(app, '{ keyword(phrase: "велосипед") { phrase locationCode languageCode competition competitionLevel } }');
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.keyword).toMatchObject({ phrase: 'велосипед', locationCode: 2643, languageCode: 'ru' });
    expect(calls).toEqual([]);
    expect(res.headers.get('x-cost')).toBe('0');
  });

  it('searchVolume, cpc and monthlySearches share one monthly call, with the /v1 numbers', async () => {
    const { source, calls } = recordingSource();
    const app = createTestApp({ source });
    const res = await graphql(app, '{ keyword(phrase: "велосипед") { searchVolume cpc monthlySearches { year month searchVolume } } }');
    expect(calls).toEqual(['dynamics:PERIOD_MONTHLY']);
    const rest = await post(app, '/v1/keywords/search_volume', { keywords: ['велосипед'] });
    const item = rest.json.tasks[0].result[0];
    expect(res.json.data.keyword).toEqual({
      searchVolume: item.search_volume,
      cpc: item.cpc,
      monthlySearches: item.monthly_searches.map((m: any) => ({ year: m.year, month: m.month, searchVolume: m.search_volume })),
    });
    expect(calls).toEqual(['dynamics:PERIOD_MONTHLY']); // /v1 found the same call in the cache
  });

  it('keywords selecting only a nested top make one top call per phrase and no monthly call', async () => {
    const { source, calls } = recordingSource();
    const app = createTestApp({ source });
    const res = await graphql(app, '{ keywords(phrases: ["а б", "в", "а б"]) { top(numPhrases: 5) { totalCount } } }');
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.keywords).toHaveLength(3);
    expect(calls).toEqual(['top', 'top']); // the repeated phrase is one call
  });

  it('keywords run at most SOURCE_CONCURRENCY monthly calls at once', async () => {
    const { source, calls, maxInFlight } = recordingSource();
    const app = createTestApp({ source }, { SOURCE_CONCURRENCY: '3' });
    const res = await graphql(
      app,
      `
        query ($p: [String!]!) {
          keywords(phrases: $p) {
            searchVolume
            cpc
          }
        }
      `,
      { p: phrases(12) },
    );
    expect(res.status, res.text).toBe(200);
    expect(calls).toHaveLength(12);
    expect(maxInFlight()).toBe(3);
  });

  it('once a monthly call fails, no queued one starts, and the field fails whole', async () => {
    const { source, calls } = recordingSource({ failWhen: (call) => (call.method === 'dynamics' ? new DomainError('SOURCE_UNAVAILABLE', 'down') : undefined) });
    const app = createTestApp({ source }, { SOURCE_CONCURRENCY: '3' });
    const res = await graphql(
      app,
      `
        query ($p: [String!]!) {
          keywords(phrases: $p) {
            searchVolume
          }
        }
      `,
      { p: phrases(12) },
    );
    expect(res.status).toBe(503);
    // Keywords are nullable items since a phrase the source refuses is null alone (issue 24, item 4): here every
    // one is null, each with the outage's error, and no figure is given.
    expect(res.json.data.keywords).toEqual(Array(12).fill(null));
    expect(res.json.errors.every((e: { extensions: { code: string } }) => e.extensions.code === 'SOURCE_UNAVAILABLE')).toBe(true);
    expect(calls).toHaveLength(3); // the first three, running at once; the nine queued never start
  });

  it('the quota plan counts only the calls of selected fields: what fits the budget runs, what does not is refused whole', async () => {
    const clock = createTestClock();
    const quota = createQuotaScheduler({ rph: 3, rps: 10, maxWaitMs: 2_000, clock, sleep: async (ms) => clock.advance(ms) });
    const { source, calls } = recordingSource();
    const app = createTestApp({ source: createScheduledSource(source, quota), quota, clock, cache: createTestCache(clock) });
    expect((await post(app, '/v2/stats/top', { phrase: 'ноутбук' })).status).toBe(200); // 2 calls of 3 remain
    const weekly = await graphql(app, '{ keyword(phrase: "велосипед") { phrase dynamics(period: WEEKLY) { trend } } }');
    expect(weekly.status, weekly.text).toBe(200); // 1 call: a keyword that fetched its monthly figures would need 2
    const before = calls.length;
    const both = await graphql(app, '{ keyword(phrase: "самокат") { searchVolume dynamics(period: WEEKLY) { trend } } }');
    expect(both.status).toBe(403); // 2 calls, 1 remains: refused before any call
    expect(both.json.errors[0].extensions.code).toBe('SOURCE_QUOTA_EXHAUSTED');
    expect(calls.length).toBe(before);
    const one = await graphql(app, '{ keyword(phrase: "самокат") { dynamics(period: WEEKLY) { trend } } }');
    expect(one.status, one.text).toBe(200);
    expect(calls.slice(before)).toEqual(['dynamics:PERIOD_WEEKLY']);
  });
});
