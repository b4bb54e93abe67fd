import { describe, expect, it } from 'vitest';
import { containsSeed, orderSuggestions, RELATED_EVERY } from '../../src/services/suggestions-order.js';

describe('containsSeed', () => {
  it('needs every word of the seed, by stem, in any order and case', () => {
    expect(containsSeed('велосипед', 'Купить  велосипед')).toBe(true);
    expect(containsSeed('велосипед', 'велосипеды детские')).toBe(true);
    expect(containsSeed('пицца', 'пиццы рядом')).toBe(true);
    expect(containsSeed('купить ноутбук', 'ноутбук недорого купить')).toBe(true);
    expect(containsSeed('купить ноутбук', 'купить смартфон')).toBe(false);
    expect(containsSeed('велосипед', 'самокат')).toBe(false);
  });
});

describe('orderSuggestions', () => {
  const own = Array.from({ length: 12 }, (_, i) => ({ keyword: `велосипед ${i}`, volume: 1000 - i }));
  const related = [
    { keyword: 'самокат', volume: 5000 },
    { keyword: 'ролики', volume: 3000 },
    { keyword: 'беговел', volume: 10 },
  ];

  it('puts the seed\'s phrases first by volume, every fifth place for the best related phrase, the rest after', () => {
    const order = orderSuggestions('велосипед', [...related, ...own].reverse()).map((c) => c.keyword);
    expect(RELATED_EVERY).toBe(5);
    expect(order.slice(0, 5)).toEqual(['велосипед 0', 'велосипед 1', 'велосипед 2', 'велосипед 3', 'самокат']);
    expect(order[9]).toBe('ролики');
    expect(order[14]).toBe('беговел');
    expect(order).toHaveLength(15);
    expect(order.filter((k) => k.startsWith('велосипед'))).toEqual(own.map((c) => c.keyword));
  });

  it('lets either list fill the rest when the other runs out; ties go by keyword', () => {
    expect(orderSuggestions('велосипед', related).map((c) => c.keyword)).toEqual(['самокат', 'ролики', 'беговел']);
    const tied = [{ keyword: 'велосипед б', volume: 5 }, { keyword: 'велосипед а', volume: 5 }, { keyword: 'самокат', volume: 9 }];
    expect(orderSuggestions('велосипед', tied).map((c) => c.keyword)).toEqual(['велосипед а', 'велосипед б', 'самокат']);
  });
});
