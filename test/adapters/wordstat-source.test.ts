import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUnconfiguredSource } from '../../src/adapters/wordstat/unconfigured-source.js';
import type { WordstatSource } from '../../src/adapters/wordstat/wordstat-source.js';
import { DomainError } from '../../src/domain/errors.js';
import type { FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { BIG_COUNT, fixtureTotal } from '../support/answers/wire-answers.js';
import { API_KEY, FOLDER_ID, IAM_TOKEN, sourceFor, startFixtureFake } from './support/wordstat-harness.js';

let fake: FakeWordstat;
let source: WordstatSource;

beforeAll(async () => {
  // "Today" fixed so daily windows are deterministic.
  fake = await startFixtureFake({ today: () => '2025-03-15' });
  source = sourceFor(fake);
});
afterAll(async () => {
  await source.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const lastBody = () => fake.requests.at(-1)?.body as Record<string, unknown>;

describe('GetTop over HTTP', () => {
  it('sends prefixed enums, string region ids, int64 numPhrases, folderId and the Api-Key header', async () => {
    const result = await source.top({ phrase: 'купить собаку', numPhrases: 3, regions: [2, 213], devices: ['DEVICE_PHONE'] });
    expect(fake.calls.top).toBe(1);
    expect(fake.requests[0]?.authorization).toBe(`Api-Key ${API_KEY}`);
    expect(lastBody()).toEqual({
      phrase: 'купить собаку',
      numPhrases: '3',
      regions: ['2', '213'],
      devices: ['DEVICE_PHONE'],
      folderId: FOLDER_ID,
    });
    const total = fixtureTotal('купить собаку');
    expect(result.totalCount).toBe(total);
    // The third row has count 0, which the wire omits: it must come back as 0, not be dropped or NaN.
    expect(result.results).toEqual([
      { phrase: 'купить собаку', count: total },
      { phrase: 'купить собаку 1', count: Math.floor(total / 2) },
      { phrase: 'купить собаку 2', count: 0 },
    ]);
    expect(result.associations).toEqual([{ phrase: 'сколько стоит пудель', count: 613 }]);
  });

  it('spells "all devices" DEVICE_ALL and leaves out an empty region filter', async () => {
    await source.top({ phrase: 'кот', numPhrases: 1, regions: [], devices: [] });
    expect(lastBody()).toEqual({ phrase: 'кот', numPhrases: '1', devices: ['DEVICE_ALL'], folderId: FOLDER_ID });
  });

  it('reads an answer with every field omitted as zeros and empty lists', async () => {
    expect(await source.top({ phrase: 'пусто', numPhrases: 50, regions: [], devices: [] })).toEqual({
      totalCount: 0,
      results: [],
      associations: [],
    });
  });

  it('keeps int64 counts beyond 32 bits exact', async () => {
    const result = await source.top({ phrase: 'big', numPhrases: 1, regions: [], devices: [] });
    expect(result.totalCount).toBe(BIG_COUNT);
    expect(result.results[0]?.count).toBe(BIG_COUNT);
  });

  it('authenticates with an IAM token as Bearer when no API key is given', async () => {
    const iam = sourceFor(fake, { apiKey: undefined, iamToken: IAM_TOKEN });
    await iam.top({ phrase: 'кот', numPhrases: 1, regions: [], devices: [] });
    expect(fake.requests[0]?.authorization).toBe(`Bearer ${IAM_TOKEN}`);
    await iam.close();
  });
});

describe('GetDynamics over HTTP', () => {
  it('monthly: RFC3339 1st → last day, share percent → fraction, omitted zero count → 0', async () => {
    const result = await source.dynamics({
      phrase: 'кот',
      period: 'PERIOD_MONTHLY',
      fromDate: '2024-01-01',
      toDate: '2024-03-31',
      regions: [213],
      devices: [],
    });
    expect(lastBody()).toMatchObject({
      period: 'PERIOD_MONTHLY',
      fromDate: '2024-01-01T00:00:00Z',
      toDate: '2024-03-31T00:00:00Z',
      regions: ['213'],
      folderId: FOLDER_ID,
    });
    expect(result.points.map((p) => [p.date, p.count])).toEqual([
      ['2024-01-01', 100],
      ['2024-02-01', 0],
      ['2024-03-01', 300],
    ]);
    // The fixture's fraction is count / 1e6; the wire carried it ×100 and the adapter divided it back.
    expect(result.points[0]?.share).toBeCloseTo(100 / 1_000_000, 12);
    expect(result.points[1]?.share).toBe(0);
    expect(result.points[2]?.share).toBeCloseTo(300 / 1_000_000, 12);
  });

  it('monthly: a toDate inside a month goes out as that month\'s last day (Feb of a leap year)', async () => {
    await source.dynamics({ phrase: 'кот', period: 'PERIOD_MONTHLY', fromDate: '2024-01-15', toDate: '2024-02-10', regions: [], devices: [] });
    expect(lastBody()).toMatchObject({ fromDate: '2024-01-01T00:00:00Z', toDate: '2024-02-29T00:00:00Z' });
  });

  it('weekly: a window is widened to Monday → Sunday and buckets are dated by their Monday', async () => {
    const result = await source.dynamics({
      phrase: 'кот',
      period: 'PERIOD_WEEKLY',
      fromDate: '2025-01-08', // a Wednesday
      toDate: '2025-01-20', // a Monday
      regions: [],
      devices: ['DEVICE_DESKTOP', 'DEVICE_TABLET'],
    });
    expect(lastBody()).toMatchObject({
      period: 'PERIOD_WEEKLY',
      fromDate: '2025-01-06T00:00:00Z',
      toDate: '2025-01-26T00:00:00Z',
      devices: ['DEVICE_DESKTOP', 'DEVICE_TABLET'],
    });
    expect(result.points.map((p) => p.date)).toEqual(['2025-01-06', '2025-01-13', '2025-01-20']);
  });

  it('daily: days as they are', async () => {
    const result = await source.dynamics({ phrase: 'кот', period: 'PERIOD_DAILY', fromDate: '2025-03-01', toDate: '2025-03-03', regions: [], devices: [] });
    expect(lastBody()).toMatchObject({ period: 'PERIOD_DAILY', fromDate: '2025-03-01T00:00:00Z', toDate: '2025-03-03T00:00:00Z' });
    expect(result.points.map((p) => p.date)).toEqual(['2025-03-01', '2025-03-02', '2025-03-03']);
  });

  it('a request the API rejects (code 3) is a 400 carrying the upstream reason, not retried (issue 20, item 29)', async () => {
    const error = await source
      .dynamics({ phrase: 'кот', period: 'PERIOD_DAILY', fromDate: '2024-12-01', toDate: '2024-12-02', regions: [], devices: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'INVALID_FIELD', status: 400 });
    expect((error as Error).message).not.toMatch(/rpc error|desc =/);
    expect((error as Error).message).toContain('last 60 days');
    expect(fake.calls.dynamics).toBe(1);
  });
});

describe('GetRegionsDistribution over HTTP', () => {
  it('REGION_ALL: string ids → numbers, omitted count → 0, total = sum of the country rows', async () => {
    const result = await source.regions({ phrase: 'кот', level: 'REGION_ALL', devices: [] });
    expect(lastBody()).toEqual({ phrase: 'кот', region: 'REGION_ALL', devices: ['DEVICE_ALL'], folderId: FOLDER_ID });
    expect(result.rows).toContainEqual({ regionId: 1, count: 500, affinityIndex: 120.25 });
    expect(result.rows).toContainEqual({ regionId: 10645, count: 0, affinityIndex: 0 });
    // Russia 1000 + Belarus 200; the nested rows (Центр, Москва…) must not be added again.
    expect(result.total).toBe(1200);
  });

  it('REGION_CITIES: no countries and no nesting → the sum of the listed cities', async () => {
    const result = await source.regions({ phrase: 'кот', level: 'REGION_CITIES', devices: ['DEVICE_PHONE'] });
    expect(lastBody()).toMatchObject({ region: 'REGION_CITIES', devices: ['DEVICE_PHONE'] });
    expect(result.total).toBe(400 + 150 + 90);
  });

  it('REGION_REGIONS: the sum of the regions', async () => {
    expect((await source.regions({ phrase: 'кот', level: 'REGION_REGIONS', devices: [] })).total).toBe(500 + 160);
  });
});

describe('GetRegionsTree over HTTP', () => {
  it('parses string ids and leaves without children', async () => {
    const tree = await source.regionTree();
    expect(lastBody()).toEqual({ folderId: FOLDER_ID });
    expect(tree[0]?.id).toBe(225);
    const moscowRegion = tree[0]?.children[0]?.children[0];
    expect(moscowRegion?.children.map((c) => [c.id, c.label, c.children])).toEqual([
      [213, 'Москва', []],
      [990001, 'Новая Деревня', []],
    ]);
  });
});

describe('createUnconfiguredSource', () => {
  it('answers every method with SOURCE_UNAVAILABLE (503) naming the reason', async () => {
    const unconfigured = createUnconfiguredSource('YANDEX_FOLDER_ID is not set');
    expect(unconfigured.kind).toBe('wordstat');
    const calls = [
      unconfigured.top({ phrase: 'a', numPhrases: 1, regions: [], devices: [] }),
      unconfigured.dynamics({ phrase: 'a', period: 'PERIOD_MONTHLY', fromDate: '2025-01-01', toDate: '2025-01-31', regions: [], devices: [] }),
      unconfigured.regions({ phrase: 'a', level: 'REGION_ALL', devices: [] }),
      unconfigured.regionTree(),
    ];
    for (const call of calls) {
      await expect(call).rejects.toMatchObject({ code: 'SOURCE_UNAVAILABLE', status: 503, message: expect.stringContaining('YANDEX_FOLDER_ID') });
    }
  });
});
