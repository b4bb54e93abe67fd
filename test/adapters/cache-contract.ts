import { afterEach, describe, expect, it } from 'vitest';
import type { CacheStats } from '../../src/adapters/cache/cache-stats.js';
import type { Cache } from '../../src/ports/cache.js';
import type { Clock } from '../../src/ports/clock.js';
import { createTestClock, FIXED_NOW } from '../support/kit.js';

export type TestCache = Cache & { stats(): CacheStats };

/** Builds a fresh, empty cache; `clock` (when given) stamps `storedAt`, otherwise the system clock does. */
export type CacheFactory = (clock?: Clock) => Promise<TestCache>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every Cache implementation owes the gateway, run against each backend (as keyv runs one
 * suite against every store). `expiresBy`: whose clock ends an entry's TTL. A cache that expires by the clock it
 * is given is tested on virtual time; Redis expires keys by its own clock, so its TTL test waits in real time.
 */
export function runCacheContract(name: string, create: CacheFactory, options: { expiresBy: 'given clock' | 'server' } = { expiresBy: 'server' }): void {
  describe(`Cache contract: ${name}`, () => {
    const opened: TestCache[] = [];
    const make = async (clock?: Clock) => {
      const cache = await create(clock);
      opened.push(cache);
      return cache;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((cache) => cache.close()));
    });

    it('misses on a key never set, and counts the miss', async () => {
      const cache = await make();
      expect(await cache.get('absent')).toBeUndefined();
      expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, sets: 0 });
    });

    it('returns what was set, with storedAt from its clock, and counts sets and hits', async () => {
      const clock = createTestClock();
      const cache = await make(clock);
      const value = { totalCount: 42, results: [{ phrase: 'слон', count: 42 }], associations: [] };
      await cache.set('top|слон', value, 60_000);
      expect(await cache.get('top|слон')).toEqual({ value, storedAt: FIXED_NOW });
      expect(cache.stats()).toMatchObject({ hits: 1, misses: 0, sets: 1, errors: 0 });
    });

    it('keeps falsy values as hits, not misses', async () => {
      const cache = await make();
      const values: Record<string, unknown> = { zero: 0, empty: '', no: false, nothing: null, list: [] };
      for (const [key, value] of Object.entries(values)) await cache.set(key, value, 60_000);
      for (const [key, value] of Object.entries(values)) expect((await cache.get(key))?.value).toEqual(value);
      expect(cache.stats().hits).toBe(5);
    });

    it('overwrites: the last value and its time win', async () => {
      const clock = createTestClock();
      const cache = await make(clock);
      await cache.set('k', { v: 1 }, 60_000);
      clock.advance(5_000);
      await cache.set('k', { v: 2 }, 60_000);
      expect(await cache.get('k')).toEqual({ value: { v: 2 }, storedAt: clock.now() });
    });

    it('forgets an entry after its TTL, each entry by its own TTL', async () => {
      const ttlClock = createTestClock(Date.now());
      const cache = await make(options.expiresBy === 'given clock' ? ttlClock : undefined);
      await cache.set('short', 'a', 300);
      await cache.set('long', 'b', 60_000);
      expect((await cache.get('short'))?.value).toBe('a');
      if (options.expiresBy === 'given clock') ttlClock.advance(700);
      // real wait: Redis expires keys by its own clock
      else await sleep(700);
      expect(await cache.get('short')).toBeUndefined();
      expect((await cache.get('long'))?.value).toBe('b');
    });

    it('stores nothing for a non-positive TTL (never "forever")', async () => {
      const cache = await make();
      await cache.set('zero', 'x', 0);
      await cache.set('negative', 'x', -5);
      expect(await cache.get('zero')).toBeUndefined();
      expect(await cache.get('negative')).toBeUndefined();
    });

    it('keeps unicode keys apart and unicode values intact', async () => {
      const cache = await make();
      const keys = ['top|купить слона|r=213', 'top|купить слона|r=2', 'top|🐘 слон|d=', 'top|Ёлка ёлка', 'a:b::c'];
      for (const [i, key] of keys.entries()) await cache.set(key, { i, text: `${key} — «ответ» 🐘 \u0000 \\ "q"` }, 60_000);
      for (const [i, key] of keys.entries()) {
        expect((await cache.get(key))?.value).toEqual({ i, text: `${key} — «ответ» 🐘 \u0000 \\ "q"` });
      }
      expect(await cache.get('top|купить слона')).toBeUndefined();
    });

    it('skips an unserialisable value with an error count, without throwing', async () => {
      const cache = await make();
      await expect(cache.set('k', { big: 1n }, 60_000)).resolves.toBeUndefined();
      expect(await cache.get('k')).toBeUndefined();
      expect(cache.stats()).toMatchObject({ errors: 1, sets: 0 });
    });

    it('round-trips a large value (about 2 MB)', async () => {
      const cache = await make();
      const rows = Array.from({ length: 20_000 }, (_, i) => ({ regionId: i, count: i * 7, name: `регион номер ${i}` }));
      const value = { rows, total: 123 };
      expect(JSON.stringify(value).length).toBeGreaterThan(1_000_000);
      await cache.set('regions|big', value, 60_000);
      expect((await cache.get<typeof value>('regions|big'))?.value).toEqual(value);
    });
  });
}
