/**
 * The hand-built Map LRU the memos used before issue 25 (insertion order = recency, a hit deletes and
 * re-inserts; copied below) against the maintained `lru-cache` package that src/domain/bounded-memo.ts now uses, on the two workloads the hit path gives a memo: repeat hits on a
 * small working set, and a stream of distinct keys that evicts on every call. In one process, alternating
 * rounds, median shown; CPU time per operation (this process only, so other work on the machine counts less).
 *
 *   npm run bench -- lru [--ops 2000000] [--rounds 5]
 *
 * RATIO = lru-cache time / Map LRU time: above 1 the hand-built one is faster.
 */
import { LRUCache } from 'lru-cache';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { printTable, ratio } from './support/table.js';

const ops = numberOption('ops', 2_000_000);
const rounds = numberOption('rounds', 5);
const CAPACITY = 4096;

interface Memo {
  get(key: string, compute: (key: string) => string): string;
}

/** The former src/domain/bounded-memo.ts, verbatim in behaviour. */
function mapMemo(maxEntries: number): Memo {
  const kept = new Map<string, string>();
  return {
    get(key, compute) {
      if (kept.has(key)) {
        const value = kept.get(key)!;
        kept.delete(key);
        kept.set(key, value);
        return value;
      }
      const value = compute(key);
      kept.set(key, value);
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      return value;
    },
  };
}

function lruCacheMemo(max: number): Memo {
  const cache = new LRUCache<string, string>({ max });
  return {
    get(key, compute) {
      const kept = cache.get(key);
      if (kept !== undefined) return kept;
      const value = compute(key);
      cache.set(key, value);
      return value;
    },
  };
}

const compute = (key: string) => key;
// Keys shaped as the memo keys are (canonical phrases, window keys): short strings built once, so hashing is
// the same for both sides.
const hitKeys = Array.from({ length: 500 }, (_, i) => `купить ноутбук ${i}|2643|2025-11`);
const churnKeys = Array.from({ length: CAPACITY * 4 }, (_, i) => `фраза ${i}|2643`);

function timeIt(memo: Memo, keys: readonly string[]): number {
  let sink = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < ops; i++) sink += memo.get(keys[i % keys.length]!, compute).length;
  const used = process.cpuUsage(start);
  if (sink === 0) throw new Error('unreachable');
  return ((used.user + used.system) * 1000) / ops; // ns per op
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

process.stdout.write(`${machineLine()}\n${loadLine()}\n`);
const rows: (string | number)[][] = [];
for (const [name, keys] of [
  ['hit (500 keys, capacity 4096)', hitKeys],
  ['churn (16,384 keys, capacity 4096)', churnKeys],
] as const) {
  const map: number[] = [];
  const lib: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Fresh caches each round; the order flips so neither side always runs on a warmer JIT.
    const sides = [() => map.push(timeIt(mapMemo(CAPACITY), keys)), () => lib.push(timeIt(lruCacheMemo(CAPACITY), keys))];
    if (round % 2 === 1) sides.reverse();
    for (const side of sides) side();
  }
  const m = median(map);
  const l = median(lib);
  rows.push([name, m.toFixed(1), l.toFixed(1), ratio(l / m)]);
}
printTable('ns per get (CPU), median of rounds', ['workload', 'Map LRU', 'lru-cache', 'RATIO lru-cache / Map'], rows);
