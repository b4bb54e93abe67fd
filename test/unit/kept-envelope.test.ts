import { describe, expect, it } from 'vitest';
import { jsonBytes } from '../../src/http/json-bytes.js';
import { envelopeTemplate } from '../../src/rest/kept-envelope.js';
import { presentEnvelope } from '../../src/rest/v1/envelope.js';

describe('the /v1 envelope of a kept answer', () => {
  it('is the envelope presentEnvelope writes, byte for byte, with this request id and time', () => {
    // The request's own text (echoed in `data`) may hold the placeholder character: it comes after the holes.
    const body = { keywords: ['пицца\u0001', '\u0001'], location_code: 2643 };
    const result = Object.freeze([{ keyword: 'пицца', search_volume: 1200, monthly_searches: [{ year: 2026, month: 2, search_volume: 1100 }] }]);
    const template = envelopeTemplate('/v1/keywords/search_volume', body, result, 0.1)!;
    const filled = JSON.parse(template.fill(1000, 2234).toString('utf8'));
    const expected = presentEnvelope({ path: '/v1/keywords/search_volume', body, startedAt: 1000, now: 2234 }, [...result], 0.1);
    expect(filled.tasks[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expected.tasks[0]!.id = filled.tasks[0].id;
    expect(template.fill(1000, 2234).length).toBe(jsonBytes(expected).length);
    expect(JSON.stringify(filled)).toBe(jsonBytes(expected).toString('utf8'));
    expect(filled.time).toBe('1.2340 sec.');
    expect(template.fill(0, 0).toString()).not.toBe(template.fill(0, 0).toString()); // a fresh id each time
  });

  it('gives every answer bytes of its own, though answers are cut from shared slabs', () => {
    const result = [{ keyword: 'ноутбук', search_volume: 5, monthly_searches: [] }];
    const template = envelopeTemplate('/v1/keywords/search_volume', { keywords: ['ноутбук'.repeat(200)] }, result, 0.1)!;
    // Enough answers to fill several slabs: each keeps its own id, none written over by a later one.
    const answers = Array.from({ length: 400 }, (_, i) => template.fill(0, i));
    const texts = answers.map((answer) => answer.toString('utf8'));
    for (let i = 0; i < 400; i++) template.fill(0, 1e6 + i);
    expect(answers.map((answer) => answer.toString('utf8'))).toEqual(texts);
    expect(new Set(texts.map((text) => JSON.parse(text).tasks[0].id)).size).toBe(400);
    expect(texts.every((text, i) => JSON.parse(text).tasks[0].time === `${(i / 1000).toFixed(4)} sec.`)).toBe(true);
  });
});
