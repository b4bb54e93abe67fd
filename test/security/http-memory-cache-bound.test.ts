import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../src/adapters/cache/memory-cache.js';
import type { TopResult } from '../../src/domain/types.js';

// A full GC on demand, without starting the test process with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap and off-heap bytes in use after a full collection. */
function used(): number {
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage(); // external includes the ArrayBuffers (Buffers)
  return heapUsed + external;
}

/** A distinct numPhrases: 2000 answer, as the demo source builds it: objects of fresh Cyrillic strings. */
function answer(n: number, phrases = 2000): TopResult {
  const results = Array.from({ length: phrases }, (_, i) => ({ phrase: `товар ${n} вариант ${i} купить`, count: 1000 + i }));
  return { totalCount: 1_000_000 + n, results, associations: results.slice(0, 100).map((r) => ({ ...r, phrase: `похожий ${r.phrase}` })) };
}

describe('memory cache bound (issue 11, item 12)', () => {
  it('distinct 2000-phrase answers grow memory by at most 1.5 × maxBytes', async () => {
    const maxBytes = 16 * 2 ** 20;
    const before = used();
    const cache = createMemoryCache({ maxEntries: 100_000, maxBytes });
    // ~260 KB of JSON each: 200 of them overflow the budget about three times.
    for (let n = 0; n < 200; n++) await cache.set(`top|товар ${n}|n=2000`, answer(n), 3_600_000);
    const growth = used() - before;
    expect(cache.stats().sets).toBe(200);
    expect(growth).toBeLessThanOrEqual(1.5 * maxBytes);
    // And the budget is used, not wasted: at least half of it holds answers.
    expect(growth).toBeGreaterThan(0.5 * maxBytes);
    // The newest answers are still there, whole.
    expect((await cache.get<TopResult>('top|товар 199|n=2000'))?.value.results).toHaveLength(2000);
    await cache.close();
  });

  it('hit answers kept parsed (hot values) still count: growth stays at most 1.5 × maxBytes', async () => {
    const maxBytes = 16 * 2 ** 20;
    const before = used();
    // A large hot share (the default is 1/32), so the parsed values are a real part of the budget.
    const cache = createMemoryCache({ maxEntries: 100_000, maxBytes, hotShare: 1 / 4 });
    // ~50 KB of JSON each (under the 64 KiB a parsed value may have): 700 of them overflow the budget twice,
    // and every one is hit twice right after it is stored, so the hot set is full all along.
    for (let n = 0; n < 700; n++) {
      const key = `top|товар ${n}|n=400`;
      await cache.set(key, answer(n, 400), 3_600_000);
      await cache.get(key);
      expect((await cache.get<TopResult>(key))?.value.results).toHaveLength(400);
    }
    const growth = used() - before;
    expect(growth).toBeLessThanOrEqual(1.5 * maxBytes);
    expect(growth).toBeGreaterThan(0.5 * maxBytes);
    await cache.close();
  });
});
