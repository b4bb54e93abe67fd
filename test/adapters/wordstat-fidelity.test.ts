import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import type { FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';
import { createRecordingLogger, sourceFor, startFixtureFake } from './support/wordstat-harness.js';

/*
 * Issue 20, items 23, 24, 25, 28, 31: what the live Wordstat refuses, the fake refuses too, and the service does
 * not send; an error body with HTTP 200 is an error; every call carries an id support can trace.
 */
let fake: FakeWordstat;
const TODAY = '2025-03-15';
beforeAll(async () => {
  fake = await startFixtureFake({ today: () => TODAY });
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

const daily = (fromDate: string) => ({ phrase: 'кот', period: 'PERIOD_DAILY' as const, fromDate, toDate: '2025-03-14', regions: [], devices: [] });

describe('the fake refuses what the live API refuses', () => {
  it('a daily window starting 60 days back is refused, 59 is taken (item 23)', async () => {
    const source = sourceFor(fake);
    await expect(source.dynamics(daily('2025-01-14'))).rejects.toMatchObject({ code: 'INVALID_FIELD', status: 400 });
    await expect(source.dynamics(daily('2025-01-15'))).resolves.toBeDefined();
    await source.close();
  });

  it('monthly and weekly dynamics with an operator other than + are refused; daily takes them (item 24)', async () => {
    const source = sourceFor(fake);
    const monthly = { phrase: '!кот', period: 'PERIOD_MONTHLY' as const, fromDate: '2024-03-01', toDate: '2025-02-28', regions: [], devices: [] };
    await expect(source.dynamics(monthly)).rejects.toMatchObject({ code: 'INVALID_FIELD' });
    await expect(source.dynamics({ ...monthly, phrase: '+кот на' })).resolves.toBeDefined();
    await expect(source.dynamics({ ...daily('2025-03-01'), phrase: '"кот"' })).resolves.toBeDefined();
    await source.close();
  });
});

describe('the service does not send what Wordstat refuses (item 24)', () => {
  it('operators in monthly/weekly phrases are a 400 naming the field on every face, before any call', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    for (const phrase of ['"пицца"', '!пицца', '[пицца доставка]', 'пицца -бесплатно', '(пицца|суши)']) {
      const monthly = await post(app, '/v2/stats/dynamics', { phrase });
      expect(monthly.status, phrase).toBe(400);
      expect(monthly.json.field).toBe('phrase');
      expect((await post(app, '/v2/stats/dynamics', { phrase, period: 'weekly' })).status).toBe(400);
    }
    const graphql = await post(app, '/graphql', { query: '{ dynamics(phrase: "!пицца") { trend } }' });
    expect(graphql.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(source.count()).toBe(0);
    // search_volume measures a keyword with operators as its form (issue 24, item 4): its monthly call is the
    // base phrase's, without operators; the operators go to GetTop only.
    const volume = await post(app, '/v1/keywords/search_volume', { keywords: ['пицца', 'ноутбук -бу'] });
    expect(volume.status, volume.text).toBe(200);
    expect(volume.json.tasks[0].result[1]).toMatchObject({ keyword_form: 'operators', keyword_measure: { measured_as: 'ноутбук -бу', base_keyword: 'ноутбук' } });
    // Daily takes every operator; + is fine anywhere; a hyphen inside a word is no operator.
    expect((await post(app, '/v2/stats/dynamics', { phrase: '!пицца', period: 'daily' })).status).toBe(200);
    expect((await post(app, '/v2/stats/dynamics', { phrase: 'пицца +на дом' })).status).toBe(200);
    expect((await post(app, '/v2/stats/dynamics', { phrase: 'wi-fi роутер' })).status).toBe(200);
    await app.close();
  });
});

describe('answers and errors', () => {
  it('an error body with HTTP 200 is an error, not "no demand", and nothing is cached (item 25)', async () => {
    const source = sourceFor(fake, { retry: { attempts: 1 } });
    fake.inject('error-in-success', { times: 1 });
    const error = await source.top({ phrase: 'кот', numPhrases: 10, regions: [], devices: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('SOURCE_FAILED');
    await source.close();
  });

  it('sends x-client-request-id (a UUID per call) and logs it with Yandex x-request-id (item 31)', async () => {
    const logger = createRecordingLogger();
    const source = sourceFor(fake, { logger });
    await source.top({ phrase: 'кот', numPhrases: 10, regions: [], devices: [] });
    await source.top({ phrase: 'пёс', numPhrases: 10, regions: [], devices: [] });
    const ids = fake.requests.map((r) => r.clientRequestId);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const logged = logger.lines.map((line) => line.obj as { clientRequestId?: string; yandexRequestId?: string });
    expect(logged).toContainEqual(expect.objectContaining({ clientRequestId: ids[0], yandexRequestId: 'fake-1' }));
    await source.close();
  });
});
