import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { COMPILE_AFTER_RUNS } from '../../src/graphql/jit-plugin.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql } from '../support/app.js';

// Counts what graphql-jit compiles, so a test knows the second run really went through the compiled query.
const compiled = vi.hoisted(() => ({ count: 0 }));
vi.mock('graphql-jit', async (importOriginal) => {
  const jit = await importOriginal<typeof import('graphql-jit')>();
  return {
    ...jit,
    compileQuery: (...args: Parameters<typeof jit.compileQuery>) => {
      compiled.count++;
      return jit.compileQuery(...args);
    },
  };
});

const DOCUMENTS: [string, string, Record<string, unknown>?][] = [
  [
    'the hit-path query',
    `{ keyword(phrase: "велосипед") { searchVolume competition cpc monthlySearches { year month searchVolume } }
       top(phrase: "ноутбук", numPhrases: 10) { totalCount results { phrase count } } }`,
  ],
  [
    'aliases, fragments, @skip/@include, variables, __typename',
    `query Card($p: String!, $weekly: Boolean!) {
       a: top(phrase: $p, numPhrases: 3) { ...T }
       b: top(phrase: "шины", numPhrases: 2) @skip(if: $weekly) { totalCount }
       w: dynamics(phrase: $p, period: WEEKLY) @include(if: $weekly) { trend results { date count } }
       keyword(phrase: $p) { phrase __typename regions(level: CITIES) { regionId regionName count } }
     }
     fragment T on Top { __typename totalCount results { phrase count } associations { phrase } }`,
    { p: 'ноутбук', weekly: true },
  ],
  ['introspection beside data', '{ __typename regionSearch(query: "моск", limit: 2) { regionId regionName } }'],
];

type App = ReturnType<typeof createTestApp>;

/** One request's answer as a client sees it: status, the billing headers, the raw bytes. */
async function answer(app: App, query: string, variables?: Record<string, unknown>) {
  const res = await graphql(app, query, variables);
  return { status: res.status, cost: res.headers.get('x-cost'), cache: res.headers.get('x-cache'), body: res.text };
}

/** Runs a query until it is hot (graphql-js each time, the first run fills the cache); the next run is compiled. */
async function makeHot(app: App, query: string, variables?: Record<string, unknown>) {
  const before = compiled.count;
  for (let i = 0; i < COMPILE_AFTER_RUNS; i++) await answer(app, query, variables);
  expect(compiled.count).toBe(before);
}

describe('hot GraphQL documents executed by graphql-jit', () => {
  it.each(DOCUMENTS)('%s: the compiled run answers the same bytes as graphql-js', async (_name, query, variables) => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    await makeHot(app, query, variables);
    const before = compiled.count;
    const jit = await answer(app, query, variables); // compiled
    expect(compiled.count).toBe(before + 1);
    // A different text is a new document: graphql-js again, on the same warm cache.
    const plain = await answer(app, `${query}\n`, variables);
    expect(compiled.count).toBe(before + 1);
    expect(jit.status).toBe(200);
    expect(jit).toEqual(plain);
    expect(JSON.parse(jit.body).errors).toBeUndefined();
  });

  it.each([
    ['a domain error', new DomainError('SOURCE_UNAVAILABLE', 'down'), 'SOURCE_UNAVAILABLE'],
    ['an unexpected error (masked)', new Error('boom in the adapter'), 'INTERNAL_SERVER_ERROR'],
  ])('a field failing with %s is reported the same way (path, code, null data, status)', async (_name, failure, code) => {
    const source = createFakeSource({ answers: formulaAnswers, failWhen: (call) => (call.method === 'top' ? failure : undefined) });
    const app = createTestApp({ source });
    const query = '{ keyword(phrase: "велосипед") { searchVolume top(numPhrases: 3) { totalCount } } }';
    await makeHot(app, query);
    const before = compiled.count;
    const jit = await answer(app, query);
    expect(compiled.count).toBe(before + 1);
    const plain = await answer(app, `${query}\n`);
    expect(jit).toEqual(plain);
    const body = JSON.parse(jit.body);
    expect(body.errors[0]).toMatchObject({ path: ['keyword', 'top'], extensions: { code } });
    expect(body.data).toBeNull(); // Keyword.top is non-null, and so is Query.keyword: the null reaches the root
  });

  it('compiles a hot document once, however often it runs after', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const query = '{ top(phrase: "ноутбук") { totalCount } }';
    await makeHot(app, query);
    const before = compiled.count;
    for (let i = 0; i < 5; i++) expect((await answer(app, query)).status).toBe(200);
    expect(compiled.count).toBe(before + 1);
  });
});
