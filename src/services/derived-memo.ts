/**
 * Values derived from a cached answer (sorted rows, a filled-in series, monthly figures), computed once per
 * answer instead of on every cache hit.
 *
 * Keyed by the answer object itself: the memory cache hands every hit of a recently hit entry the same deeply
 * frozen object (adapters/cache/hot-values.ts), so "frozen" means "shared and never changed", and the derived
 * value lives exactly as long as the answer does (a WeakMap holds nothing the cache has let go). An answer
 * that is not frozen (a fresh miss, a Redis hit: an object of its own) is derived every time, as before.
 *
 * `tag` names everything else the derivation depends on (a window, a row count): a different tag derives anew
 * and replaces the kept value. `derive` must return a read-only value: it is shared by every later hit.
 */
export type DerivedMemo<S extends object, V> = (answer: S, tag: string, derive: (answer: S) => V) => V;

export function createDerivedMemo<S extends object, V>(): DerivedMemo<S, V> {
  const byAnswer = new WeakMap<S, { tag: string; value: V }>();
  return (answer, tag, derive) => {
    if (!Object.isFrozen(answer)) return derive(answer);
    const kept = byAnswer.get(answer);
    if (kept !== undefined && kept.tag === tag) return kept.value;
    const value = derive(answer);
    byAnswer.set(answer, { tag, value });
    return value;
  };
}
