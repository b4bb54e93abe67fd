import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createTestApp, graphql } from '../support/app.js';

/*
 * Issue 20, item 10: without a key, 199 aliased `__schema { … }` turned a 4 KB query into a 6.9 MB answer, and ten
 * in parallel stalled /healthz for 4.5 s. Now one `__schema`/`__type` per operation, and no nesting of a type's
 * member lists inside one another (the exponential `fields { type { fields { … } } }`), for keyed and anonymous
 * callers alike. GraphiQL's own introspection query still works without a key.
 */
describe('introspection cannot be amplified', () => {
  const app = createTestApp();
  const anonymous = {}; // no Authorization header
  const SCHEMA = '__schema { types { name kind fields { name args { name } type { name kind ofType { name kind } } } } }';

  it("GraphiQL's full introspection query answers without a key", async () => {
    const query = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true });
    const answer = await graphql(app, query, undefined, anonymous);
    expect(answer.status).toBe(200);
    expect(answer.json.errors).toBeUndefined();
    expect(answer.json.data.__schema.queryType.name).toBe('Query');
  });

  it('199 aliased __schema are refused (QUERY_TOO_COMPLEX naming the limit), with a small answer', async () => {
    const aliased = `{ ${Array.from({ length: 199 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ')} }`;
    for (const q of [aliased, `{ a: ${SCHEMA} b: ${SCHEMA} }`]) {
      const answer = await graphql(app, q, undefined, anonymous);
      expect(answer.status).toBe(400);
      expect(answer.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'introspection', maxIntrospectionRoots: 1 });
      expect(answer.text.length).toBeLessThan(4_000);
    }
  });

  it('__type counts too, also through fragments and inline fragments, and for a keyed caller', async () => {
    const queries = [
      '{ a: __type(name: "Keyword") { name } b: __type(name: "Top") { name } }',
      '{ __schema { queryType { name } } ...F } fragment F on Query { x: __type(name: "Keyword") { name } }',
      '{ __schema { queryType { name } } ... on Query { y: __schema { types { name } } } }',
    ];
    for (const q of queries) {
      const anon = await graphql(app, q, undefined, anonymous);
      expect(anon.status, q).toBe(400);
      expect(anon.json.errors[0].extensions.limit, q).toBe('introspection');
      const keyed = await graphql(app, q);
      expect(keyed.status, q).toBe(400);
    }
    // One root, selected twice under the same key, is one (graphql merges it).
    const merged = await graphql(app, '{ __schema { queryType { name } } __schema { mutationType { name } } }', undefined, anonymous);
    expect(merged.status).toBe(200);
    expect(merged.json.errors).toBeUndefined();
  });

  it('nested member lists (fields → type → fields …) are refused: they grow exponentially with depth', async () => {
    let nested = 'name';
    for (let i = 0; i < 6; i++) nested = `name fields { name type { ${nested} } }`;
    const answer = await graphql(app, `{ __schema { types { ${nested} } } }`, undefined, anonymous);
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'introspection', maxNestedMemberLists: 1 });
    const viaType = await graphql(app, '{ __type(name: "Query") { fields { type { ofType { fields { name } } } } } }', undefined, anonymous);
    expect(viaType.status).toBe(400);
  });

  it('what remains allowed is at most one full introspection: the largest answer is a few hundred KB', async () => {
    const full = await graphql(app, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }), undefined, anonymous);
    expect(full.status).toBe(200);
    expect(full.text.length).toBeLessThan(400_000);
  });
});
