import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { sourceCallKey } from '../../src/domain/source-call.js';
import { planOperation } from '../../src/graphql/operation-plan.js';
import { schema } from '../../src/graphql/schema.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createRequestContext } from '../../src/services/runtime.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql } from '../support/app.js';

// Issue 11, item 1: 99 valid aliased `top` fields and one with `numPhrases: -1` made 99 upstream calls and were
// billed 0. Every argument is now checked before any field runs.
describe('GraphQL checks every argument before any field runs (free upstream work)', () => {
  const tops = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: top(phrase: "фраза ${i}") { totalCount }`).join(' ');

  it('99 valid aliases and one numPhrases: -1: 400, BAD_USER_INPUT naming numPhrases, no upstream call', async () => {
    const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 1 });
    const ledger = createMemoryLedger();
    const app = createTestApp({ source, ledger });
    const res = await graphql(app, `{ ${tops(99)} bad: top(phrase: "x", numPhrases: -1) { totalCount } }`);
    expect(res.status).toBe(400);
    expect(res.json.data).toBeUndefined();
    expect(res.json.errors).toHaveLength(1);
    expect(res.json.errors[0]).toMatchObject({ path: ['bad'], extensions: { code: 'BAD_USER_INPUT', field: 'numPhrases', http: { status: 400 } } });
    expect(res.json.errors[0].message).toContain('numPhrases');
    expect(source.count()).toBe(0);
    expect(res.headers.get('x-cost')).toBe('0');
    await ledger.flush();
    expect(ledger.rows()).toMatchObject([{ operation: 'graphql.top', status: 400, price: 0 }]);
  });

  it('a bad argument deep inside (a nested view, a fragment, a variable) is refused the same way, before any call', async () => {
    const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 1 });
    const app = createTestApp({ source });
    const cases: [string, Record<string, unknown> | undefined, string][] = [
      ['{ keyword(phrase: "k") { searchVolume top(numPhrases: 2001) { totalCount } } }', undefined, 'numPhrases'],
      ['{ ...F } fragment F on Query { t: top(phrase: "x", regions: [987654]) { totalCount } }', undefined, 'regions[0]'],
      ['query($p: [String!]!) { keywords(phrases: $p) { phrase } }', { p: ['ok', '   '] }, 'phrases[1]'],
      ['{ ok: top(phrase: "a") { totalCount } d: dynamics(phrase: "b", period: DAILY, fromDate: "2020-01-01") { trend } }', undefined, 'fromDate'],
      ['{ suggestions(keyword: "велосипед", limit: 0) { seedKeyword } }', undefined, 'limit'],
    ];
    for (const [query, variables, field] of cases) {
      const res = await graphql(app, query, variables);
      expect(res.status, query).toBe(400);
      expect(res.json.errors[0].extensions, query).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(source.count()).toBe(0);
  });

  it('a request that spent upstream calls is billed for them whatever its final status', async () => {
    const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 1 });
    // The first call answers, the second fails upstream: the first answer is cached for the retry.
    source.failWhen(({ n }) => (n === 2 ? new DomainError('SOURCE_UNAVAILABLE', 'the source is down') : undefined));
    const ledger = createMemoryLedger();
    const app = createTestApp({ source, ledger });
    const res = await graphql(app, '{ a: top(phrase: "a") { totalCount } b: top(phrase: "b") { totalCount } }');
    expect(res.status).toBe(503);
    expect(source.count()).toBe(2);
    const price = app.runtime.prices.call;
    expect(res.json.extensions.cost).toBe(price);
    expect(res.headers.get('x-cost')).toBe(String(price));
    await ledger.flush();
    expect(ledger.rows()).toMatchObject([{ status: 503, price }]);
  });

  it('lists the distinct canonical source calls an operation will make, for a quota check before any call', () => {
    const app = createTestApp({ source: createFakeSource({ answers: callNumberAnswers, latencyMs: 1 }) });
    const scope = createRequestContext(app.runtime, { keyId: 'k', name: 'k' });
    const document = parse(`query($n: Int) {
      a: top(phrase: "Ноутбук") { totalCount }
      b: top(phrase: " ноутбук ", numPhrases: $n) { totalCount }
      k: keywords(phrases: ["пицца", "суши"]) { phrase top(numPhrases: 10) { totalCount } regions { count } }
      v: keyword(phrase: "Пицца") { searchVolume cpc monthlySearches { month } }
      skipped: top(phrase: "never") @skip(if: true) { totalCount }
      __typename
    }`);
    const plan = planOperation({ schema, document, variableValues: { n: 50 }, services: scope });
    expect(plan.errors).toEqual([]);
    const keys = plan.calls.map(sourceCallKey);
    // a and b are one canonical call; 2 nested tops, 2 regions; the keywords select no figure, so no volume call;
    // v's three figures share one volume call; the skipped field is not there.
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
    expect(keys.filter((k) => k.startsWith('dynamics|'))).toEqual([expect.stringContaining('пицца')]);
    expect(keys.filter((k) => k.startsWith('top|ноутбук|n=50'))).toHaveLength(1);
    expect(keys.some((k) => k.includes('never'))).toBe(false);
    expect(plan.extraCalls).toBe(0);
  });
});
