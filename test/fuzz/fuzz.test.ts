import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_KEY } from '../support/kit.js';
import { countingUnhandledRejections, createFuzzApp, FAMILIES, observe, serviceProperty } from './harness.js';
import { violations } from './invariants.js';

/**
 * A seeded run in `npm test` (the same cases every time: a failure reproduces); `npm run fuzz` runs the same
 * properties for 100k+ cases with any seed. FUZZ_RUNS / FUZZ_SEED override the numbers here.
 */
const RUNS = { rest: 3000, graphql: 2000 };
const SEED = Number(process.env.FUZZ_SEED ?? 20261120);

describe('fuzzing the whole app (demo source): never 5xx, never an unhandled rejection, always the family error shape', () => {
  const app = createFuzzApp();
  afterAll(() => app.close());

  for (const family of ['rest', 'graphql'] as const) {
    it(`${family}: ${process.env.FUZZ_RUNS ?? RUNS[family]} seeded cases`, async () => {
      const rejections = await countingUnhandledRejections(() =>
        fc.assert(serviceProperty(app, FAMILIES[family]), {
          numRuns: Number(process.env.FUZZ_RUNS ?? RUNS[family]),
          seed: SEED,
          endOnFailure: true,
        }),
      );
      expect(rejections).toEqual([]);
    }, 60_000);
  }
});

describe('the invariants catch what they are meant to catch', () => {
  const post = (path: string) => ({ method: 'POST', path, headers: {}, body: '{}' });
  it('a 5xx, a /v1 error that costs or lacks its 5-digit code, a bare problem, an uncoded GraphQL error', () => {
    expect(violations(post('/v2/stats/top'), { status: 500, contentType: 'application/problem+json', text: '{"type":"t","title":"T","status":500,"detail":"d"}' })).toContain('HTTP 500');
    const v1 = { status_code: 400, cost: 0.1, tasks: [{ status_code: 40501, cost: 0, status_message: 'x' }] };
    expect(violations(post('/v1/keywords/locations'), { status: 400, contentType: 'application/json', text: JSON.stringify(v1) })).toEqual([
      '/v1 status_code 400 is not 5 digits',
      '/v1 error cost 0.1, not 0',
    ]);
    expect(violations(post('/v2/stats/top'), { status: 400, contentType: 'application/json', text: '{"status":400}' })).toEqual([
      'error content-type application/json',
      'problem without type',
      'problem without title',
      'problem without detail',
    ]);
    expect(violations(post('/graphql'), { status: 200, contentType: 'application/json', text: '{"errors":[{"message":"x"}],"data":null}' })[0]).toMatch(/without extensions.code/);
  });
});

describe('regressions found by fuzzing', () => {
  const app = createFuzzApp();
  afterAll(() => app.close());
  const auth = { authorization: `Bearer ${TEST_KEY}` };

  it('malformed `variables` in a GET query string is a 400, not a 500', async () => {
    const answer = await observe(app, { method: 'GET', path: '/graphql?query=%7B__typename%7D&variables=%7B', headers: auth, body: undefined });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'variables' });
  });

  it('malformed `variables` in a form-encoded POST is a 400, not a 500', async () => {
    const answer = await observe(app, {
      method: 'POST',
      path: '/graphql',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=%7B__typename%7D&variables=%7B',
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('a mutation of a field the Mutation type lacks is refused with an error that carries extensions.code', async () => {
    const answer = await observe(app, { method: 'POST', path: '/graphql', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation { top(phrase: "x") { totalCount } }' }) });
    const error = JSON.parse(answer.text).errors[0];
    expect(error.message).toMatch(/"top" on type "Mutation"/);
    expect(typeof error.extensions.code).toBe('string');
  });
});
