import { LRUCache } from 'lru-cache';

/**
 * The parsed, frozen values of the memory cache's most recently hit small entries, so a repeated hit skips
 * JSON.parse (the largest single cost of a cache hit in the hit-path profile) and hands out the same object,
 * which lets callers memoize what they derive from it by identity.
 *
 * Frozen, deeply: one object now serves every hit, so a caller that tried to change it would change every
 * later answer. Freezing turns that bug into a TypeError at the line that does it (ES modules are strict).
 *
 * Bounded twice: by `maxBytes` of estimated heap cost (the memory cache counts it against its own byte bound
 * too), and by `maxEntryBytes` of JSON per entry, so one huge answer cannot flush the set and the large,
 * rarely repeated answers stay off the heap where the byte bound is exact.
 */
export interface HotValues {
  /** The value under `key`: the frozen kept one (now the most recent), or parsed from `json` and kept if small. */
  valueOf(key: string, json: Buffer): unknown;
  /** Forgets `key` (its entry was replaced, expired or evicted). */
  drop(key: string): void;
  /** Estimated heap bytes held now. */
  bytes(): number;
  clear(): void;
}

export interface HotValuesOptions {
  /** Most estimated heap bytes kept. 0 disables the set: every hit parses. */
  maxBytes: number;
  /** Largest entry kept, in bytes of JSON. */
  maxEntryBytes: number;
}

/**
 * Heap cost of a parsed value per byte of its JSON, with margin: measured 1.4–2.1× for the cached shapes
 * (rows of short Cyrillic phrases and counts, dynamics points, search pages), ×3 leaves room for V8's garbage.
 */
const HEAP_PER_JSON_BYTE = 3;
/** Map entry and record per kept value. */
const HOT_ENTRY_OVERHEAD_BYTES = 200;

export function createHotValues(options: HotValuesOptions): HotValues {
  const { maxBytes, maxEntryBytes } = options;
  // An LRU by estimated bytes is lru-cache's `maxSize`; 0 keeps nothing (every value is refused below).
  const kept = new LRUCache<string, {}>({ maxSize: Math.max(1, maxBytes) });

  return {
    valueOf(key, json) {
      const hit = kept.get(key);
      if (hit !== undefined) return hit;
      const value: unknown = JSON.parse(json.toString('utf8'));
      const cost = json.length * HEAP_PER_JSON_BYTE + HOT_ENTRY_OVERHEAD_BYTES;
      // null parses to a value lru-cache cannot hold; it is cheap to parse again.
      if (json.length > maxEntryBytes || cost > maxBytes || value == null) return value;
      deepFreeze(value);
      kept.set(key, value, { size: cost });
      return value;
    },
    drop: (key) => {
      kept.delete(key);
    },
    bytes: () => kept.calculatedSize,
    clear: () => kept.clear(),
  };
}

/** Freezes a parsed JSON value and everything in it (JSON has no cycles). */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (const item of value) deepFreeze(item);
  } else {
    for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  }
}
