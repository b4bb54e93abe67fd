import { describe, expect, it } from 'vitest';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql } from '../support/app.js';

// Issue 11, item 16: `__typename` and introspection fields were priced like source calls, so 101 `__typename`
// were refused as "101 source calls".
describe('__typename and introspection cost nothing in the source-call rule', () => {
  const app = createTestApp({ source: createFakeSource({ answers: callNumberAnswers, latencyMs: 1 }) });

  it('101 __typename (plain or aliased) are fine and free', async () => {
    for (const query of [
      `{ ${'__typename '.repeat(101)} }`,
      `{ ${Array.from({ length: 101 }, (_, i) => `t${i}: __typename`).join(' ')} }`,
    ]) {
      const res = await graphql(app, query);
      expect(res.status).toBe(200);
      expect(res.json.errors).toBeUndefined();
      expect(res.headers.get('x-cost')).toBe('0');
    }
  });

  it('100 source calls plus __typename and __schema everywhere are within the limit; 101 calls are not', async () => {
    const tops = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: top(phrase: "p${i}") { __typename totalCount }`).join(' ');
    const ok = await graphql(app, `{ __typename __schema { queryType { name } } ${tops(100)} }`);
    expect(ok.status).toBe(200);
    expect(ok.json.errors).toBeUndefined();
    const refused = await graphql(app, `{ __typename ${tops(101)} }`);
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', estimatedSourceCalls: 101 });
  });
});
