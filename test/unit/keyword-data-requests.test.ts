import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import {
  locationsRequestSchema,
  normalizeKeywords,
  normalizeSuggestionsLimit,
  searchVolumeRequestSchema,
  suggestionsRequestSchema,
} from '../../src/domain/requests/keyword-data.js';
import { parseBody } from '../../src/domain/requests/parse.js';

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return [error.code, error.field];
    throw error;
  }
  return undefined;
};

describe('keyword-data body schemas', () => {
  it('apply the defaults and keep keywords exactly as sent', () => {
    // No location_code default in the body: the services default to 2643, and a location_name alone is told from
    // a name sent with a contradicting code.
    expect(parseBody(searchVolumeRequestSchema, { keywords: [' Пицца  '] })).toEqual({
      keywords: [' Пицца  '],
      language_code: 'ru',
    });
    expect(parseBody(suggestionsRequestSchema, { keyword: 'ноутбук' })).toEqual({ keyword: 'ноутбук', limit: 50 });
    expect(parseBody(searchVolumeRequestSchema, { keywords: ['x'], location_name: 'Москва' }).location_name).toBe('Москва');
    expect(parseBody(suggestionsRequestSchema, { keyword: 'ноутбук', language_code: 'en' }).language_code).toBe('en');
    expect(parseBody(locationsRequestSchema, { keyword: 'пицца', location_code: 'ignored' })).toEqual({ keyword: 'пицца' });
  });

  it('name the field at fault', () => {
    expect(fieldOf(() => parseBody(searchVolumeRequestSchema, { keywords: ['a', 'b', 'c', ''] }))).toEqual(['INVALID_FIELD', 'keywords[3]']);
    expect(fieldOf(() => parseBody(suggestionsRequestSchema, { keyword: 'a', limit: 'ten' }))).toEqual(['INVALID_FIELD', 'limit']);
    expect(fieldOf(() => parseBody(searchVolumeRequestSchema, { keywords: ['a'], location_name: 213 }))).toEqual(['INVALID_FIELD', 'location_name']);
    expect(fieldOf(() => parseBody(suggestionsRequestSchema, { keyword: 'a', location_name: 'x'.repeat(201) }))).toEqual(['INVALID_FIELD', 'location_name']);
  });
});

describe('normalisers for callers outside REST (GraphQL)', () => {
  it('normalizeKeywords trims and checks each, naming field[i]', () => {
    expect(normalizeKeywords(['  купить   ноутбук ', 'пицца'])).toEqual(['купить ноутбук', 'пицца']);
    expect(fieldOf(() => normalizeKeywords([]))).toEqual(['INVALID_FIELD', 'keywords']);
    expect(fieldOf(() => normalizeKeywords(Array(101).fill('x'), 'phrases'))).toEqual(['INVALID_FIELD', 'phrases']);
    expect(fieldOf(() => normalizeKeywords(['a', ' '], 'phrases'))).toEqual(['INVALID_FIELD', 'phrases[1]']);
    expect(fieldOf(() => normalizeKeywords(['x'.repeat(401)]))).toEqual(['INVALID_FIELD', 'keywords[0]']);
  });

  it('normalizeSuggestionsLimit: absent → 50, 1..100 kept, else 400', () => {
    expect(normalizeSuggestionsLimit(undefined)).toBe(50);
    expect(normalizeSuggestionsLimit(1)).toBe(1);
    expect(normalizeSuggestionsLimit(100)).toBe(100);
    for (const bad of [0, 101, -1, 2.5]) expect(fieldOf(() => normalizeSuggestionsLimit(bad))).toEqual(['INVALID_FIELD', 'limit']);
  });
});
