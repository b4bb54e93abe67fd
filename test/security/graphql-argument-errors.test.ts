import { describe, expect, it } from 'vitest';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

// Issue 11, item 15: an inline bad Date or an unknown enum value answered HTTP 200 GRAPHQL_VALIDATION_FAILED
// without naming the argument. spec/graphql.md: BAD_USER_INPUT, naming the argument.
describe('GraphQL argument values that graphql itself rejects are BAD_USER_INPUT naming the argument', () => {
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 1 });
  const app = createTestApp({ source });
  const cases: [string, string][] = [
    ['{ dynamics(phrase: "x", fromDate: "2026-13-01") { trend } }', 'fromDate'],
    ['{ top(phrase: "x", devices: [FRIDGE]) { totalCount } }', 'devices'],
    ['{ keyword(phrase: "x") { dynamics(toDate: 20261301) { trend } } }', 'toDate'],
    ['{ regions(phrase: "x", level: PLANETS) { count } }', 'level'],
    ['{ top(phrase: "x", numPhrases: "ten") { totalCount } }', 'numPhrases'],
  ];

  it.each(cases)('%s → 400 naming %s, no source call', async (query, field) => {
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const res = await post(app, '/graphql', { query }, { authorization: `Bearer ${TEST_KEY}`, accept });
      expect(res.status).toBe(400);
      expect(res.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field, http: { status: 400 } });
      expect(res.json.errors[0].message.startsWith(`${field}: `)).toBe(true);
    }
    expect(source.count()).toBe(0);
  });

  it('the same value through a variable is a 400 BAD_USER_INPUT too', async () => {
    const res = await graphql(app, 'query($d: Date) { dynamics(phrase: "x", fromDate: $d) { trend } }', { d: '2026-13-01' });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.json.errors[0].message).toContain('$d');
  });

  it('document errors that are not argument values keep graphql’s own code', async () => {
    const res = await graphql(app, '{ nope }');
    expect(res.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
