import { describe, expect, it } from 'vitest';
import { MAX_QUERY_TOKENS } from '../../src/graphql/armor-plugin.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';

// Issue 11, item 3: a selection nested 2,000 levels (6 KB), sent without a key, answered 500. GraphQL Armor's
// limits (tokens while parsing; depth, aliases, directives while validating) now refuse such documents.
describe('GraphQL document limits (GraphQL Armor) apply before parse and validate', () => {
  const app = createTestApp({ source: createFakeSource({ answers: callNumberAnswers, latencyMs: 1 }) });
  const nested = (levels: number) => `{ ${'a { '.repeat(levels)}b${' }'.repeat(levels)} }`;
  const expectRefused = (res: { status: number; json: any }, limit: string) => {
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit, http: { status: 400 } });
  };

  it('2,000 nested selections without a key: 400 QUERY_TOO_COMPLEX, not 500', async () => {
    const query = nested(2000);
    expect(query.length).toBeGreaterThan(6000);
    expectRefused(await post(app, '/graphql', { query }, {}), 'tokens');
    expectRefused(await graphql(app, query), 'tokens');
  });

  it('whatever nests (selections, lists, objects), no depth reaches a 500', async () => {
    for (const levels of [10, 500, 999, 1990, 5000]) {
      for (const query of [
        nested(levels),
        `{ top(phrase: "x", regions: ${'['.repeat(levels)}1${']'.repeat(levels)}) { totalCount } }`,
        `{ top(phrase: "x", regions: ${'{a:'.repeat(levels)}1${'}'.repeat(levels)}) { totalCount } }`,
      ]) {
        const res = await post(app, '/graphql', { query }, {});
        expect(res.status, `${levels} levels`).toBeLessThan(500);
      }
    }
  });

  it('depth 9 is refused by Armor with its message; the schema’s deepest useful path passes', async () => {
    const ok = await graphql(app, '{ keywords(phrases: ["a"]) { dynamics(period: WEEKLY) { results { date } } } }');
    expect(ok.status).toBe(200);
    const card = await graphql(app, '{ keyword(phrase: "x") { top { results { phrase } } regions { count } } }');
    expect(card.status).toBe(200);
    const tooDeep = await post(app, '/graphql', { query: nested(8) }, {}); // 8 levels of `a` and `b`: depth 9
    expectRefused(tooDeep, 'depth');
    expect(tooDeep.json.errors[0].message).toBe('Query depth limit of 8 exceeded, found 9.');
  });

  it('too many tokens, aliases or directives are refused with 400 whatever the client accepts', async () => {
    const flat = `{ ${'__typename '.repeat(MAX_QUERY_TOKENS)} }`;
    expectRefused(await post(app, '/graphql', { query: flat }, { accept: 'application/json' }), 'tokens');
    const aliases = `{ ${Array.from({ length: 201 }, (_, i) => `q${i}: quota { source }`).join(' ')} }`;
    expectRefused(await graphql(app, aliases), 'aliases');
    const directives = `{ __typename ${'@include(if: true) '.repeat(51)} }`;
    expectRefused(await post(app, '/graphql', { query: directives }, {}), 'directives');
  });
});
