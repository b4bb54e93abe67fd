import { describe, expect, it } from 'vitest';
import { createTestApp, post } from '../support/app.js';

/*
 * Issue 24, item 18: an error carries a stable code, the field at fault and why (reason, with its numbers), so a
 * client (the explorer) writes its own message in its own language instead of showing the API's English.
 */
const app = createTestApp({}, { SOURCE: 'demo' });
const LONG = 'велосипед '.repeat(41); // 410 characters

describe('errors name code, field and reason on every family (issue 24, item 18)', () => {
  it('/v1: the error task carries { code, field, reason, params } beside the format\'s status_code and message', async () => {
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: ['велосипед', LONG] });
    expect(answer.status).toBe(400);
    const task = answer.json.tasks[0];
    expect(task.status_code).toBe(40501);
    expect(task.status_message).toContain('keywords[1]');
    expect(task.error).toEqual({ code: 'INVALID_FIELD', field: 'keywords[1]', reason: 'too_long', params: { max: 400 } });
  });

  it('/v1: an empty keyword and too many keywords have reasons of their own', async () => {
    const empty = await post(app, '/v1/keywords/search_volume', { keywords: ['  '] });
    expect(empty.json.tasks[0].error).toEqual({ code: 'INVALID_FIELD', field: 'keywords[0]', reason: 'empty' });
    const many = await post(app, '/v1/keywords/search_volume', { keywords: Array.from({ length: 101 }, (_, i) => `w${i}`) });
    expect(many.json.tasks[0].error).toMatchObject({ code: 'INVALID_FIELD', field: 'keywords', reason: 'too_many', params: { max: 100 } });
  });

  it('/v2 problem+json: code and field as before, plus reason and params', async () => {
    const tooLong = await post(app, '/v2/stats/dynamics', { phrase: LONG });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ code: 'INVALID_FIELD', field: 'phrase', reason: 'too_long', params: { max: 400 } });
    const badDate = await post(app, '/v2/stats/dynamics', { phrase: 'велосипед', fromDate: '2026-02-30' });
    expect(badDate.json).toMatchObject({ code: 'INVALID_FIELD', field: 'fromDate', reason: 'invalid_date' });
    const region = await post(app, '/v2/stats/top', { phrase: 'велосипед', regions: [987654321] });
    expect(region.json).toMatchObject({ code: 'INVALID_FIELD', field: 'regions[0]', reason: 'unknown_region', params: { value: 987654321 } });
    const unauthenticated = await post(app, '/v2/stats/top', { phrase: 'велосипед' }, {});
    expect(unauthenticated.json).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('GraphQL: extensions carry the same reason and params', async () => {
    const answer = await post(app, '/graphql', { query: `{ dynamics(phrase: "${LONG}") { trend } }` });
    expect(answer.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phrase', reason: 'too_long', params: { max: 400 } });
  });
});
