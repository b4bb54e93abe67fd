import { type SourceCall, sourceCallKey } from '../domain/source-call.js';
import type { TopQuery, TopResult } from '../domain/types.js';
import type { Cache } from '../ports/cache.js';

type TopCall = Extract<SourceCall, { method: 'top' }>;

/**
 * A GetTop answer for numPhrases N holds the answer for every n ≤ N (its first n results and associations), so the
 * cache remembers, per top request without its size, the largest size stored; a smaller request is cut from that
 * entry instead of calling upstream again (before, every numPhrases was a call of its own).
 */
export interface WiderTop {
  /** A fresh stored answer for a larger numPhrases, cut to `call`'s size; undefined when there is none. */
  find(call: TopCall): Promise<{ value: TopResult; storedAt: number } | undefined>;
  /** Notes that an answer for `call`'s size was just stored. */
  stored(call: TopCall): Promise<void>;
}

export function createWiderTop(options: { cache: Cache; namespace: string; isFresh(storedAt: number): boolean; ttlMs: number }): WiderTop {
  const { cache, namespace } = options;
  const sizeKey = (query: TopQuery) => `${namespace}:top-size:${sourceCallKey({ method: 'top', query: { ...query, numPhrases: 0 } })}`;
  const entryKey = (query: TopQuery, numPhrases: number) => `${namespace}:${sourceCallKey({ method: 'top', query: { ...query, numPhrases } })}`;
  return {
    async find(call) {
      const size = await cache.get<number>(sizeKey(call.query));
      if (!size || !options.isFresh(size.storedAt) || size.value <= call.query.numPhrases) return undefined;
      const wider = await cache.get<TopResult>(entryKey(call.query, size.value));
      if (!wider || !options.isFresh(wider.storedAt)) return undefined;
      const n = call.query.numPhrases;
      const value = { totalCount: wider.value.totalCount, results: wider.value.results.slice(0, n), associations: wider.value.associations.slice(0, n) };
      return { value, storedAt: Math.min(size.storedAt, wider.storedAt) };
    },
    async stored(call) {
      const key = sizeKey(call.query);
      const size = await cache.get<number>(key);
      if (size && options.isFresh(size.storedAt) && size.value >= call.query.numPhrases) return;
      await cache.set(key, call.query.numPhrases, options.ttlMs);
    },
  };
}
