import { describe, expect, it } from 'vitest';
import { createHitMemo } from '../../src/rest/hit-memo.js';

const answer = (bytes: number) => ({ bytes: Buffer.alloc(bytes, 0x20), body: undefined, headers: {}, cost: 0.1 });

describe('the kept-answer memo', () => {
  it('keeps within its byte bound, least recently used out first', () => {
    let version = 0;
    const memo = createHitMemo({ current: () => version }, 10_000);
    const built = { version: 0, today: '2026-03-15', freshUntil: 1_000, now: 0 };
    memo.keep('v2.top', 'a', answer(4_000), built);
    memo.keep('v2.top', 'b', answer(4_000), built);
    expect(memo.find('v2.top', 'a', 1, '2026-03-15')).toBeDefined();
    memo.keep('v2.top', 'c', answer(4_000), built); // over 10,000: b (least recently used) goes
    expect(memo.find('v2.top', 'b', 1, '2026-03-15')).toBeUndefined();
    expect(memo.find('v2.top', 'c', 1, '2026-03-15')).toBeDefined();
    expect(memo.stats().bytes).toBeLessThanOrEqual(10_000);
    memo.keep('v2.top', 'huge', answer(20_000), built); // larger than the bound: not kept
    expect(memo.find('v2.top', 'huge', 1, '2026-03-15')).toBeUndefined();
    version++;
    expect(memo.find('v2.top', 'c', 1, '2026-03-15')).toBeUndefined(); // a store since: dropped
  });

  it('keeps nothing built while the version moved, nor past its fresh-until, nor on another day', () => {
    let version = 1;
    const memo = createHitMemo({ current: () => version });
    memo.keep('v2.top', 'x', answer(10), { version: 0, today: 'd', freshUntil: 1_000, now: 0 });
    expect(memo.find('v2.top', 'x', 1, 'd')).toBeUndefined();
    memo.keep('v2.top', 'x', answer(10), { version: 1, today: 'd', freshUntil: 1_000, now: 0 });
    expect(memo.find('v2.top', 'x', 999, 'e')).toBeUndefined();
    memo.keep('v2.top', 'x', answer(10), { version: 1, today: 'd', freshUntil: 1_000, now: 0 });
    expect(memo.find('v2.top', 'x', 1_000, 'd')).toBeUndefined();
    memo.keep('v2.top', 'x', answer(10), { version: 1, today: 'd', freshUntil: 1_000, now: 0 });
    expect(memo.find('v2.dynamics', 'x', 1, 'd')).toBeUndefined(); // another operation, same body
    expect(memo.find('v2.top', 'x', 999, 'd')).toBeDefined();
    version = 2;
    expect(memo.find('v2.top', 'x', 999, 'd')).toBeUndefined();
  });
});
