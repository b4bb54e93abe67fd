import { describe, expect, it } from 'vitest';
import { cleanQueryIdeas } from '../../src/adapters/llm/query-ideas.js';
import { collapseSpaces } from '../../src/domain/collapse-spaces.js';
import { foldRegionName } from '../../src/domain/regions/region-search.js';
import { normalizePhrase } from '../../src/domain/requests/fields.js';
import { canonicalPhrase } from '../../src/domain/source-call.js';

describe('collapseSpaces, the one whitespace rule', () => {
  it.each([
    ['  купить   ноутбук ', 'купить ноутбук'],
    ['купить\tноутбук\r\nнедорого', 'купить ноутбук недорого'],
    ['купить\u00a0\u2003ноутбук', 'купить ноутбук'], // no-break and em spaces are whitespace too
    [' \n\t ', ''],
    ['ноутбук', 'ноутбук'],
  ])('%j → %j', (raw, collapsed) => expect(collapseSpaces(raw)).toBe(collapsed));

  it('is the form every caller compares in: phrases, cache keys, LLM ideas and region names', () => {
    const raw = ' Купить\t\u00a0Ноутбук  ';
    expect(normalizePhrase(raw, 'keyword')).toBe('Купить Ноутбук');
    expect(canonicalPhrase(raw)).toBe('купить ноутбук');
    expect(cleanQueryIdeas('seed', [raw], 5)).toEqual(['Купить Ноутбук']);
    expect(foldRegionName(' Ростов -  на\u00a0—Дону ')).toBe('ростов на дону');
  });
});
