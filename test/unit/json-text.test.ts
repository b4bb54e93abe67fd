import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonText } from '../../src/http/json-text.js';

/** Deep-freezes a value, as the services do with what they share between requests. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('jsonText', () => {
  it('writes exactly what JSON.stringify writes, for any JSON-like value, frozen parts or not', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, freeze) => {
        const expected = JSON.stringify(value);
        const envelope = { tasks: [{ id: 'x', result: freeze ? deepFreeze(structuredClone(value)) : value }], skipped: undefined };
        expect(jsonText(value)).toBe(expected);
        expect(jsonText(envelope)).toBe(JSON.stringify(envelope));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out undefined and function properties, writes null for them in arrays, and honours toJSON', () => {
    const value = { a: undefined, b: () => 1, c: [undefined, () => 2, 3], d: new Date(0), e: NaN, f: -0 };
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it('reuses the text of a frozen answer: a later change to a frozen value cannot happen, so the text stays right', () => {
    const answer = deepFreeze({ rows: [{ phrase: 'пицца', count: 10 }] });
    const first = jsonText({ result: answer, time: '0.1 sec.' });
    const second = jsonText({ result: answer, time: '0.2 sec.' });
    expect(first).toBe('{"result":{"rows":[{"phrase":"пицца","count":10}]},"time":"0.1 sec."}');
    expect(second).toBe('{"result":{"rows":[{"phrase":"пицца","count":10}]},"time":"0.2 sec."}');
  });
});
