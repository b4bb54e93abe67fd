import { describe, expect, it } from 'vitest';
import { normalizePhrase } from '../../src/domain/requests/fields.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';

const BAD: [string, string][] = [
  ['a NUL byte', 'ноут\u0000бук'],
  ['only a NUL byte', '\u0000'],
  ['an escape character', 'ноутбук\u001b[31m'],
  ['DEL', 'ноутбук\u007f'],
  ['a C1 control (NEL)', 'ноут\u0085бук'],
  ['only zero-width spaces', '\u200b\u200b\u200b'],
  ['only joiners, BOM and word joiner', '\u200d\u200c\ufeff\u2060'],
  ['only a Hangul filler and a variation selector', '\u3164\ufe0f'],
  ['only bidi overrides', '\u202e\u202d'],
  ['only a soft hyphen between spaces', ' \u00ad '],
  ['a lone high surrogate', 'ноутбук\ud800'],
  ['a lone low surrogate', '\udc00ноутбук'],
];

describe('invisible and malformed phrases (issue 11, item 10)', () => {
  it.each(BAD)('normalizePhrase refuses %s, naming the field', (_name, value) => {
    expect(() => normalizePhrase(value, 'phrase')).toThrow(expect.objectContaining({ code: 'INVALID_FIELD', field: 'phrase' }));
  });

  it('counts characters, not UTF-16 units: 400 emoji pass, 401 code points fail', () => {
    expect(normalizePhrase('😀'.repeat(200), 'phrase')).toHaveLength(400); // 200 emoji = 400 UTF-16 units
    expect(normalizePhrase('😀'.repeat(201), 'phrase')).toHaveLength(402);
    expect(normalizePhrase('😀'.repeat(400), 'phrase')).toHaveLength(800);
    expect(() => normalizePhrase('😀'.repeat(401), 'phrase')).toThrow(expect.objectContaining({ field: 'phrase' }));
    expect(() => normalizePhrase('я'.repeat(401), 'phrase')).toThrow(expect.objectContaining({ field: 'phrase' }));
    expect(normalizePhrase('я'.repeat(400), 'phrase')).toHaveLength(400);
  });

  it('keeps visible text that contains invisible characters (emoji sequences, ZWNJ in words)', () => {
    expect(normalizePhrase('семья 👨‍👩‍👧', 'phrase')).toBe('семья 👨‍👩‍👧');
    expect(normalizePhrase('می‌خواهم', 'phrase')).toBe('می‌خواهم');
    expect(normalizePhrase(' ноутбук\tкупить\n', 'phrase')).toBe('ноутбук купить');
  });

  it.each(BAD)('/v2 refuses %s with 400 naming phrase and no upstream call', async (_name, value) => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const res = await post(app, '/v2/stats/top', { phrase: value });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'INVALID_FIELD', field: 'phrase' });
    expect(source.count()).toBe(0);
    expect(res.headers.get('x-cost')).toBe('0');
  });

  it.each(BAD)('/v1 search_volume refuses %s with 400 naming keywords[1]', async (_name, value) => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const res = await post(app, '/v1/keywords/search_volume', [{ keywords: ['ноутбук', value] }]);
    expect(res.status).toBe(400);
    expect(res.json.tasks[0].status_message).toContain('keywords[1]');
    expect(source.count()).toBe(0);
  });

  it('/v1 and /v2 accept 200 emoji and refuse 401 characters', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    expect((await post(app, '/v2/stats/top', { phrase: '😀'.repeat(200) })).status).toBe(200);
    expect((await post(app, '/v1/keywords/search_volume', [{ keywords: ['😀'.repeat(201)] }])).status).toBe(200);
    const long = await post(app, '/v1/keywords/search_volume', [{ keywords: ['ж'.repeat(401)] }]);
    expect(long.status).toBe(400);
    expect(long.json.tasks[0].status_message).toContain('keywords[0]');
  });

  it('GraphQL uses the same rules (400-class error naming the argument, no upstream call)', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const res = await graphql(app, 'query($p: String!) { top(phrase: $p) { totalCount } }', { p: '\u200b\u200b' });
    expect(res.json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res.json.errors[0])).toContain('phrase');
    expect(source.count()).toBe(0);
  });
});
