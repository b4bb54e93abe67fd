import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { createTestClock } from '../support/kit.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';

const HOUR = 3_600_000;

describe('stale-if-error through the app', () => {
  it('serves the kept answer as STALE at the repeat price while the source fails, until the stale window ends', async () => {
    let failure: Error | undefined;
    const source = createFakeSource({ answers: formulaAnswers, failWhen: () => failure });
    const clock = createTestClock();
    const app = createTestApp({ source, clock }, { CACHE_TTL: '24h', CACHE_STALE_TTL: '7d', PRICE_CALL: '1', PRICE_REPEAT: '0.1' });
    const fresh = await post(app, '/v2/stats/top', { phrase: 'ноутбук' });
    expect(fresh.headers.get('x-cache')).toBe('MISS');

    // A day later the entry is no longer fresh and the source has run out of quota.
    clock.advance(25 * HOUR);
    failure = new DomainError('SOURCE_QUOTA_EXHAUSTED', 'quota spent', { retryAfterSeconds: 600 });
    const stale = await post(app, '/v2/stats/top', { phrase: 'ноутбук' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(stale.headers.get('x-cost')).toBe('0.1');
    expect(stale.json).toEqual(fresh.json);
    const gql = await graphql(app, '{ top(phrase: "ноутбук") { totalCount } }');
    expect(gql.json.extensions).toMatchObject({ cacheStatus: 'STALE', cost: 0.1 });
    expect(source.count('top')).toBe(3); // each stale answer first tried the source

    // Past the stale window nothing stands in: the client gets the source's own status.
    clock.advance(7 * 24 * HOUR);
    const gone = await post(app, '/v2/stats/top', { phrase: 'ноутбук' });
    expect(gone.status).toBe(403);
    expect(gone.headers.get('retry-after')).toBe('600');

    // When the source is back, the answer is fresh again.
    failure = undefined;
    expect((await post(app, '/v2/stats/top', { phrase: 'ноутбук' })).headers.get('x-cache')).toBe('MISS');
  });
});
