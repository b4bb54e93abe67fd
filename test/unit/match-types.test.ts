import { describe, expect, it } from 'vitest';
import { deriveMatchTypeSeries, extraMatchTypes, matchTypePhrase } from '../../src/domain/match-types.js';
import { DomainError } from '../../src/domain/errors.js';

describe('match types', () => {
  it('wraps a keyword in Wordstat operators', () => {
    expect(matchTypePhrase('купить пиццу', 'broad')).toBe('купить пиццу');
    expect(matchTypePhrase('купить пиццу', 'phrase')).toBe('"купить пиццу"');
    expect(matchTypePhrase('пицца +в москве', 'exact')).toBe('"!пицца !в !москве"');
    expect(matchTypePhrase('купить пиццу', 'order')).toBe('[купить пиццу]');
  });

  it('reads a match_types list: broad implied, each extra type once in a fixed order, any case', () => {
    expect(extraMatchTypes(undefined)).toEqual([]);
    expect(extraMatchTypes(['broad'])).toEqual([]);
    expect(extraMatchTypes(['ORDER', 'exact', 'phrase', 'exact'])).toEqual(['phrase', 'exact', 'order']);
  });

  it('names the bad element of match_types', () => {
    for (const bad of [['phrase', 'wide'], ['phrase', 7], [null]]) {
      try {
        extraMatchTypes(bad, 'match_types');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        const field = (error as DomainError).field;
        expect(field).toBe(`match_types[${bad.length - 1}]`);
      }
    }
  });

  it("derives a type's months from broad's shape and its share of the bare phrase over the same 30 days", () => {
    const d = deriveMatchTypeSeries([100, 200, 400], 100, 500);
    expect(d.ratio).toBe(0.2);
    expect(d.monthly).toEqual([20, 40, 80]);
    // Not against broad's newest month (400): that share would be 0.25 and depend on the day asked.
    expect(deriveMatchTypeSeries([100, 200, 400], 100, 250).monthly).toEqual([40, 80, 160]);
  });

  it('never exceeds broad, nor the cap (exact under phrase)', () => {
    expect(deriveMatchTypeSeries([100, 200], 500, 400).monthly).toEqual([100, 200]);
    expect(deriveMatchTypeSeries([100, 200], 150, 200, 0.5).monthly).toEqual([50, 100]);
  });

  it('a bare phrase with no demand in the window: share 1 with demand, 0 without', () => {
    expect(deriveMatchTypeSeries([40, 0], 5, 0).monthly).toEqual([40, 0]);
    expect(deriveMatchTypeSeries([40, 0], 0, 0).monthly).toEqual([0, 0]);
  });
});
