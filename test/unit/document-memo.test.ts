import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createDocumentMemo, operationKey } from '../../src/graphql/document-memo.js';

describe('document memo', () => {
  it('computes once per document and key', () => {
    const memo = createDocumentMemo<number>();
    const document = parse('{ top(phrase: "a") { totalCount } }');
    let computed = 0;
    const compute = () => ++computed;
    expect(memo.get(document, 'k', compute)).toBe(1);
    expect(memo.get(document, 'k', compute)).toBe(1);
    expect(memo.get(document, 'other', compute)).toBe(2);
    // The same text parsed again is another document: identity, not text, is the key.
    expect(memo.get(parse('{ top(phrase: "a") { totalCount } }'), 'k', compute)).toBe(3);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const memo = createDocumentMemo<string>(2);
    const [a, b, c] = ['{ a }', '{ b }', '{ c }'].map((text) => parse(text));
    memo.get(a!, '', () => 'a');
    memo.get(b!, '', () => 'b');
    memo.get(a!, '', () => 'a again'); // a is now the most recent
    memo.get(c!, '', () => 'c'); // b goes
    expect(memo.get(a!, '', () => 'recomputed')).toBe('a');
    expect(memo.get(b!, '', () => 'recomputed')).toBe('recomputed');
  });

  it('tells operations, variables and facts apart', () => {
    const keys = new Set([
      operationKey(undefined, undefined),
      operationKey('Op', undefined),
      operationKey(undefined, { phrases: ['a'] }),
      operationKey(undefined, { phrases: ['b'] }),
      operationKey(undefined, undefined, '2026-11-20'),
      operationKey(undefined, undefined, '2026-11-21'),
    ]);
    expect(keys.size).toBe(6);
  });
});

describe('document memo bounds', () => {
  it('does not keep results under very long keys (large variables)', () => {
    const memo = createDocumentMemo<number>();
    const document = parse('query($p: [String!]!) { keywords(phrases: $p) { phrase } }');
    const key = operationKey(undefined, { p: Array.from({ length: 100 }, (_, i) => `фраза номер ${i} `.repeat(5)) });
    let computed = 0;
    memo.get(document, key, () => ++computed);
    memo.get(document, key, () => ++computed);
    expect(computed).toBe(2);
  });
});
