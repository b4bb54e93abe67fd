import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes } from '../../src/http/json-bytes.js';

const jsonText = (value: unknown) => jsonBytes(value).toString('utf8');

/** Deep-freezes a value, as the services do with what they share between requests. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('jsonBytes', () => {
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

  it('writes long lists (written whole when no element is shared) exactly as JSON.stringify, frozen elements or not', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { minLength: 60, maxLength: 140 }), fc.nat(), (items, seed) => {
        const mixed = items.map((item, i) => ((i + seed) % 7 === 0 ? deepFreeze(structuredClone(item)) : item));
        const page = { phrases: [...mixed, undefined, () => 1], counts: { n: mixed.length } };
        expect(jsonText(items)).toBe(JSON.stringify(items));
        expect(jsonText(page)).toBe(JSON.stringify(page));
      }),
      { numRuns: 200 },
    );
  });

  it('leaves out undefined and function properties, writes null for them in arrays, and honours toJSON', () => {
    const value = { a: undefined, b: () => 1, c: [undefined, () => 2, 3], d: new Date(0), e: NaN, f: -0 };
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it('reuses the bytes of a frozen answer, with the per-request envelope around it', () => {
    const answer = deepFreeze({ rows: [{ phrase: 'пицца', count: 10 }] });
    const first = jsonText({ result: answer, time: '0.1 sec.' });
    const second = jsonText({ result: answer, time: '0.2 sec.' });
    expect(first).toBe('{"result":{"rows":[{"phrase":"пицца","count":10}]},"time":"0.1 sec."}');
    expect(second).toBe('{"result":{"rows":[{"phrase":"пицца","count":10}]},"time":"0.2 sec."}');
  });
});

describe('jsonBytes of a frozen answer', () => {
  it('is the very same buffer on every request (encoded once)', () => {
    const answer = Object.freeze({ phrase: 'ноутбук', count: 1 });
    expect(jsonBytes(answer)).toBe(jsonBytes(answer));
  });
});
