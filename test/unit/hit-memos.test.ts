import { describe, expect, it } from 'vitest';
import { createBoundedMemo } from '../../src/domain/bounded-memo.js';
import { periodStarts } from '../../src/domain/dates/periods.js';
import { resolveWindow } from '../../src/domain/dates/window.js';
import { isKnownValidPhrase, normalizePhrase } from '../../src/domain/requests/fields.js';
import { canonicalPhrase } from '../../src/domain/source-call.js';
import { createDerivedMemo } from '../../src/services/derived-memo.js';

// The memos that spare a cache hit from recomputing derived values (issue 13): each must give exactly the
// answer the plain computation gives, keyed by everything that answer depends on.

describe('bounded memo', () => {
  it('computes once per key, and keeps at most maxEntries, the least recently used going first', () => {
    const memo = createBoundedMemo<string, string>(2);
    let computed = 0;
    const upper = (key: string) => {
      computed++;
      return key.toUpperCase();
    };
    expect(memo.get('a', upper)).toBe('A');
    expect(memo.get('a', upper)).toBe('A');
    expect(computed).toBe(1);
    memo.get('b', upper);
    memo.get('a', upper); // a is now more recent than b
    memo.get('c', upper); // evicts b
    expect(memo.size).toBe(2);
    computed = 0;
    memo.get('a', upper);
    memo.get('c', upper);
    expect(computed).toBe(0);
    memo.get('b', upper);
    expect(computed).toBe(1);
  });

  it('keeps nothing when the computation throws', () => {
    const memo = createBoundedMemo<string, number>(10);
    expect(() => memo.get('k', () => { throw new Error('no'); })).toThrow('no');
    expect(memo.size).toBe(0);
    expect(memo.get('k', () => 1)).toBe(1);
  });
});

describe('memoized windows', () => {
  it('depend on today: the default window moves at midnight', () => {
    const before = resolveWindow({ period: 'PERIOD_MONTHLY', today: '2026-11-30' });
    const after = resolveWindow({ period: 'PERIOD_MONTHLY', today: '2026-12-01' });
    expect(before).toEqual({ fromDate: '2025-11-01', toDate: '2026-10-31' });
    expect(after).toEqual({ fromDate: '2025-12-01', toDate: '2026-11-30' });
    expect(resolveWindow({ period: 'PERIOD_MONTHLY', today: '2026-11-30' })).toBe(before);
  });

  it('are frozen, and an empty date is still refused after the default window was kept', () => {
    const window = resolveWindow({ period: 'PERIOD_WEEKLY', today: '2026-11-20' });
    expect(Object.isFrozen(window)).toBe(true);
    expect(() => resolveWindow({ period: 'PERIOD_WEEKLY', fromDate: '', today: '2026-11-20' })).toThrow(/fromDate/);
    expect(() => resolveWindow({ period: 'PERIOD_WEEKLY', toDate: '', today: '2026-11-20' })).toThrow(/toDate/);
  });

  it('a refused window throws every time, naming its field', () => {
    for (let i = 0; i < 2; i++) {
      expect(() => resolveWindow({ period: 'PERIOD_DAILY', fromDate: '2020-01-01', today: '2026-11-20' })).toThrow(/daily data/);
    }
  });
});

describe('memoized period lists', () => {
  it('are frozen, shared, and equal to the window they list', () => {
    const starts = periodStarts('2025-12-01', '2026-02-28', 'PERIOD_MONTHLY');
    expect(starts).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    expect(Object.isFrozen(starts)).toBe(true);
    expect(periodStarts('2025-12-01', '2026-02-28', 'PERIOD_MONTHLY')).toBe(starts);
    expect(periodStarts('2025-12-01', '2026-02-28', 'PERIOD_WEEKLY')).not.toBe(starts);
  });

  it('a long list (past what is kept) is still listed whole', () => {
    const days = periodStarts('2020-01-01', '2026-12-31', 'PERIOD_DAILY');
    expect(days).toHaveLength(2557);
    expect(days.at(-1)).toBe('2026-12-31');
  });
});

describe('memoized phrases', () => {
  it('normalizePhrase: a phrase found valid is the same answer; an invalid one throws every time, naming the field', () => {
    expect(normalizePhrase('  купить   ноутбук ', 'keyword')).toBe('купить ноутбук');
    expect(normalizePhrase('  купить   ноутбук ', 'phrase')).toBe('купить ноутбук');
    for (const field of ['keyword', 'phrase']) {
      expect(() => normalizePhrase('  \u200b ', field)).toThrow(new RegExp(`^${field} holds only invisible`));
      expect(() => normalizePhrase('   ', field)).toThrow(`${field} must not be empty`);
    }
  });

  it('canonicalPhrase: the same canonical form, memoized or not (long phrases are not kept)', () => {
    expect(canonicalPhrase(' Купить  НОУТБУК ')).toBe('купить ноутбук');
    expect(canonicalPhrase(' Купить  НОУТБУК ')).toBe('купить ноутбук');
    const long = `${'Слово '.repeat(100)} Конец`;
    expect(canonicalPhrase(long)).toBe(long.trim().replace(/\s+/g, ' ').toLowerCase());
  });
});

describe('derived memo', () => {
  it('derives once per frozen answer and tag; derives anew for another tag', () => {
    const memo = createDerivedMemo<{ n: number }, { doubled: number }>();
    const answer = Object.freeze({ n: 2 });
    let derived = 0;
    const derive = (a: { n: number }) => {
      derived++;
      return { doubled: a.n * 2 };
    };
    const first = memo(answer, 'x', derive);
    expect(memo(answer, 'x', derive)).toBe(first);
    expect(derived).toBe(1);
    expect(memo(answer, 'y', derive)).not.toBe(first);
    expect(derived).toBe(2);
  });

  it('derives every time from an answer that is not frozen (its own object, which a caller may change)', () => {
    const memo = createDerivedMemo<{ n: number }, number>();
    const answer = { n: 2 };
    expect(memo(answer, '', (a) => a.n)).toBe(2);
    answer.n = 3;
    expect(memo(answer, '', (a) => a.n)).toBe(3);
  });
});

describe('known valid phrases', () => {
  it('are the ones normalizePhrase accepted, never one it refused', () => {
    const phrase = '  ремонт   квартиры под ключ ';
    expect(isKnownValidPhrase(phrase)).toBe(false);
    normalizePhrase(phrase, 'keyword');
    expect(isKnownValidPhrase(phrase)).toBe(true);
    expect(() => normalizePhrase('a\u0000b', 'keyword')).toThrow(/control character/);
    expect(isKnownValidPhrase('a\u0000b')).toBe(false);
  });
});
