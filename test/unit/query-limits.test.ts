import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { sourceCallComplexity } from '../../src/graphql/complexity.js';
import { useArmorLimits } from '../../src/graphql/armor-plugin.js';
import { useQueryLimits } from '../../src/graphql/query-limits-plugin.js';

// A schema shaped like the contract's (batch root field, single root field, nested source-backed views, list
// filters, a recursive link for depth) built with the same cost rule as the service's builder: the rule must
// price fields it has never seen by their shape, not by their names.
interface Kw {
  phrase: string;
}
function createLimitedYoga() {
  let resolved = 0;
  const builder = new SchemaBuilder<{ DefaultFieldNullability: false }>({
    defaultFieldNullability: false,
    plugins: [ComplexityPlugin],
    complexity: { fieldComplexity: sourceCallComplexity },
  });
  const KwRef = builder.objectRef<Kw>('Kw');
  const DynRef = builder.objectRef<{ trend: string }>('Dyn').implement({ fields: (t) => ({ trend: t.exposeString('trend') }) });
  KwRef.implement({
    fields: (t) => ({
      phrase: t.exposeString('phrase'),
      dynamics: t.field({
        type: DynRef,
        args: { period: t.arg.string(), devices: t.arg.stringList() },
        resolve: () => {
          resolved++;
          return { trend: 'stable' };
        },
      }),
      parent: t.field({ type: KwRef, resolve: (k) => k }),
    }),
  });
  builder.queryType({
    fields: (t) => ({
      keywords: t.field({
        type: [KwRef],
        args: { phrases: t.arg.stringList({ required: true }) },
        resolve: (_r, args) => {
          resolved += args.phrases.length;
          return args.phrases.map((phrase) => ({ phrase }));
        },
      }),
      keyword: t.field({
        type: KwRef,
        args: { phrase: t.arg.string({ required: true }), regions: t.arg.intList() },
        resolve: (_r, args) => {
          resolved++;
          return { phrase: args.phrase };
        },
      }),
    }),
  });
  const yoga = createYoga({ schema: builder.toSchema(), plugins: [useArmorLimits({ maxDepth: 8 }), useQueryLimits({ maxSourceCalls: 100 })] });
  const run = async (query: string, variables?: Record<string, unknown>) => {
    const res = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { run, resolvedCount: () => resolved };
}

const phrases = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe('query cost limit (static estimate of source calls)', () => {
  it('allows a batch of 100; a longer batch counts as 100, left to the argument validation to refuse', async () => {
    const { run, resolvedCount } = createLimitedYoga();
    const ok = await run('query($p: [String!]!) { keywords(phrases: $p) { phrase } }', { p: phrases(100) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.keywords).toHaveLength(100);
    // 101 plain items: the estimate is capped at the batch limit (the service's resolver then refuses the
    // list with BAD_USER_INPUT naming `phrases`, which says more than QUERY_TOO_COMPLEX would).
    expect((await run('query($p: [String!]!) { keywords(phrases: $p) { phrase } }', { p: phrases(101) })).status).toBe(200);
    // With a nested view the capped estimate still doubles past the limit: refused before any resolver runs.
    const before = resolvedCount();
    const refused = await run('query($p: [String!]!) { keywords(phrases: $p) { dynamics { trend } } }', { p: phrases(101) });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      estimatedSourceCalls: 200,
      maxSourceCalls: 100,
    });
    expect(resolvedCount()).toBe(before);
  });

  it('multiplies nested source-backed views by the batch size, judged on each request’s own variables', async () => {
    const { run, resolvedCount } = createLimitedYoga();
    const query = 'query($p: [String!]!) { keywords(phrases: $p) { phrase dynamics(period: "weekly") { trend } } }';
    // 50 keywords + 50 nested dynamics = 100: allowed; the same document with 51 = 102: refused.
    expect((await run(query, { p: phrases(50) })).status).toBe(200);
    const before = resolvedCount();
    const refused = await run(query, { p: phrases(51) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].extensions.estimatedSourceCalls).toBe(102);
    expect(resolvedCount()).toBe(before);
  });

  it('does not multiply by optional list filters, and counts plain fields as free', async () => {
    const { run } = createLimitedYoga();
    const regions = Array.from({ length: 100 }, (_, i) => i);
    const res = await run('query($r: [Int!]) { keyword(phrase: "x", regions: $r) { phrase parent { phrase } dynamics(devices: ["a","b"]) { trend } } }', {
      r: regions,
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });

  it('counts every alias of a root field', async () => {
    const { run, resolvedCount } = createLimitedYoga();
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `k${i}: keyword(phrase: "p${i}") { phrase }`).join(' ')} }`;
    expect((await run(aliases(100))).status).toBe(200);
    const before = resolvedCount();
    const refused = await run(aliases(101));
    expect(refused.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(resolvedCount()).toBe(before);
  });

  it('refuses queries nested deeper than the limit', async () => {
    const { run, resolvedCount } = createLimitedYoga();
    const nested = (levels: number) => `{ keyword(phrase: "x") { ${'parent { '.repeat(levels)}phrase${' }'.repeat(levels)} } }`;
    expect((await run(nested(6))).status).toBe(200); // depth 8: keyword + 6 parents + phrase
    const before = resolvedCount();
    const refused = await run(nested(7));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'depth' });
    expect(refused.body.errors[0].message).toBe('Query depth limit of 8 exceeded, found 9.');
    expect(resolvedCount()).toBe(before);
  });

  it('leaves introspection (GraphiQL) alone', async () => {
    const { run } = createLimitedYoga();
    const { getIntrospectionQuery } = await import('graphql');
    const res = await run(getIntrospectionQuery());
    expect(res.status).toBe(200);
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });
});
