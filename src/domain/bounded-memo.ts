/**
 * Answers of a pure function kept by their key, at most `maxEntries` of them (the least recently used go
 * first). A cache hit recomputes the same derived values for the same inputs on every request (windows,
 * canonical phrases, scores); keeping them bounded makes a repeat cost one Map lookup without letting a stream
 * of distinct inputs grow memory. Only for functions of their key alone: nothing else may change the answer.
 */
export interface BoundedMemo<K, V> {
  /** The answer for `key`: the kept one, or `compute(key)` kept for next time. A throw is not kept. */
  get(key: K, compute: (key: K) => V): V;
  /** True when an answer for `key` is kept (without touching its recency). */
  has(key: K): boolean;
  readonly size: number;
}

export function createBoundedMemo<K, V>(maxEntries: number): BoundedMemo<K, V> {
  // Insertion order = recency: a hit moves its key to the end, so the first key is the least recently used.
  const kept = new Map<K, V>();
  return {
    get(key, compute) {
      if (kept.has(key)) {
        const value = kept.get(key) as V;
        kept.delete(key);
        kept.set(key, value);
        return value;
      }
      const value = compute(key);
      kept.set(key, value);
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value as K);
      return value;
    },
    has: (key) => kept.has(key),
    get size() {
      return kept.size;
    },
  };
}
