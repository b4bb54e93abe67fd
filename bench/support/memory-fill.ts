/**
 * Child process of the memory benchmark: fills either the bounded memory cache or a plain Map with the same
 * `count` values and prints RSS and heap before and after as one JSON line. Run with --expose-gc.
 *
 *   node --expose-gc --import tsx bench/support/memory-fill.ts <cache|map> <count>
 */
import { createMemoryCache } from '../../src/adapters/cache/memory-cache.js';
import type { TopResult } from '../../src/domain/types.js';

const [mode, countText] = process.argv.slice(2);
const count = Number(countText);
if ((mode !== 'cache' && mode !== 'map') || !(count > 0)) throw new Error('usage: memory-fill.ts <cache|map> <count>');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

/** A small top answer, different for every i (so no two entries share strings or objects). */
function valueFor(i: number): TopResult {
  return {
    totalCount: 1000 + i,
    results: [
      { phrase: `фраза ${i}`, count: 1000 + i },
      { phrase: `купить фраза ${i}`, count: 500 + (i % 500) },
      { phrase: `фраза ${i} цена`, count: 200 + (i % 200) },
    ],
    associations: [{ phrase: `похожая ${i}`, count: 300 + (i % 300) }],
  };
}

const keyFor = (i: number) => `v1:top|фраза ${i}|n=50|r=|d=`;
const TTL = 3_600_000;

function snapshot() {
  gc!();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed };
}

async function main(): Promise<void> {
  const before = snapshot();
  const started = performance.now();
  const result: Record<string, unknown> = { mode, count };
  if (mode === 'map') {
    const map = new Map<string, TopResult>();
    for (let i = 0; i < count; i++) map.set(keyFor(i), valueFor(i));
    result.fillMs = performance.now() - started;
    result.after = snapshot();
    result.size = map.size;
  } else {
    // Bounded by entries only (a byte budget far above what 1M small answers take).
    const cache = createMemoryCache({ maxEntries: count, maxBytes: 64 * 2 ** 30 });
    for (let i = 0; i < count; i++) await cache.set(keyFor(i), valueFor(i), TTL);
    result.fillMs = performance.now() - started;
    result.after = snapshot();
    // The bound: 10% more distinct entries must evict the oldest 10% and leave exactly maxEntries.
    const extra = Math.ceil(count / 10);
    for (let i = count; i < count + extra; i++) await cache.set(keyFor(i), valueFor(i), TTL);
    const hitsBefore = cache.stats().hits;
    for (let i = 0; i < count + extra; i++) await cache.get(keyFor(i));
    result.present = cache.stats().hits - hitsBefore;
    let oldestGone = 0;
    for (let i = 0; i < extra; i++) if ((await cache.get(keyFor(i))) === undefined) oldestGone++;
    result.oldestEvicted = oldestGone === extra;
    result.afterOverfill = snapshot();
    result.size = count;
  }
  result.before = before;
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

void main();
