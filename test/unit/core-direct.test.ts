import { describe, expect, it } from 'vitest';
import { DIRECT_LIMITS, directLength, negativeKeywordProblem, negativeKeywordText } from '../../src/domain/core/direct.js';
import { normalizePhrase, tokenize } from '../../src/domain/core/text.js';

const stop = new Set(['с', 'для', 'в']);

describe('Direct negative-keyword syntax and limits', () => {
  it('a phrase of 7 words fits, 8 does not', () => {
    expect(negativeKeywordProblem('а б в г д е ж')).toBeNull();
    expect(negativeKeywordProblem('а б в г д е ж з')).toMatch(/more than 7 words/);
  });

  it('a word of 35 characters fits, 36 does not', () => {
    expect(negativeKeywordProblem('ы'.repeat(35))).toBeNull();
    expect(negativeKeywordProblem('ы'.repeat(36))).toMatch(/over 35 characters/);
  });

  it('operators are not counted as characters of a word; foreign characters are refused', () => {
    expect(negativeKeywordProblem(`!${'ы'.repeat(35)}`)).toBeNull();
    expect(negativeKeywordProblem('[москва !с]')).toBeNull();
    expect(negativeKeywordProblem('б/у')).toMatch(/characters/);
  });

  it('stop words get ! inside a phrase, [] fixes the order, hyphens split words', () => {
    expect(negativeKeywordText(['с', 'рук'], stop)).toBe('!с рук');
    expect(negativeKeywordText(['москва', 'спб'], stop, true)).toBe('[москва спб]');
    expect(negativeKeywordText(['санкт-петербург'], stop)).toBe('санкт петербург');
  });

  it('-! counts as one character; the keyword-with-negatives limit is 4,096', () => {
    expect(directLength('велосипед -!с -бу')).toBe('велосипед -с -бу'.length);
    expect(DIRECT_LIMITS.maxKeywordWithNegativesLength).toBe(4096);
    expect(DIRECT_LIMITS.maxSharedSetsPerAdGroup).toBe(3);
  });
});

describe('phrase text', () => {
  it('lower case, ё as е, б/у as one word, operators dropped', () => {
    expect(normalizePhrase('Велосипед Б/У')).toBe('велосипед бу');
    expect(tokenize('!купить +в "ёлку" [москва]')).toEqual(['купить', 'в', 'елку', 'москва']);
    expect(tokenize('велосипед б у')).toEqual(['велосипед', 'бу']);
  });
});
