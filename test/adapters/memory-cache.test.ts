import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../src/adapters/cache/memory-cache.js';
import { createTestClock } from '../support/kit.js';
import { runCacheContract } from './cache-contract.js';

runCacheContract('memory', async (clock) => createMemoryCache({ maxEntries: 1_000, maxBytes: 64 * 1024 * 1024, clock }), { expiresBy: 'given clock' });

describe('memory cache bounds', () => {
  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createMemoryCache({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.set(key, key, 60_000);
    expect(await cache.get('a')).toBeUndefined();
    for (const key of ['b', 'c', 'd']) expect((await cache.get(key))?.value).toBe(key);
  });

  it('evicts the least recently used, not the least recently set', async () => {
    const cache = createMemoryCache({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) await cache.set(key, key, 60_000);
    await cache.get('a'); // a is now the most recently used; b the least
    await cache.set('d', 'd', 60_000);
    expect(await cache.get('b')).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect((await cache.get(key))?.value).toBe(key);
  });

  it('stays bounded over a long run', async () => {
    const cache = createMemoryCache({ maxEntries: 100, maxBytes: 1_000_000 });
    for (let i = 0; i < 10_000; i++) await cache.set(`k${i}`, { i }, 60_000);
    let present = 0;
    for (let i = 0; i < 10_000; i++) if (await cache.get(`k${i}`)) present++;
    expect(present).toBe(100);
    expect((await cache.get('k9999'))?.value).toEqual({ i: 9999 });
  });

  it('keeps the bytes held (UTF-8 key + UTF-8 JSON + 320 of bookkeeping) under maxBytes', async () => {
    // Each entry: key "kN" (2) + JSON of 98 x's with quotes (100) + 320 = 422 bytes; 3 fit in 1300.
    const cache = createMemoryCache({ maxEntries: 1_000, maxBytes: 1_300 });
    for (const key of ['k1', 'k2', 'k3', 'k4']) await cache.set(key, 'x'.repeat(98), 60_000);
    expect(await cache.get('k1')).toBeUndefined();
    for (const key of ['k2', 'k3', 'k4']) expect(await cache.get(key)).toBeDefined();
  });

  it('counts multi-byte text by its UTF-8 size', async () => {
    // x: 1 + 52 + 320 = 373 bytes, two fit in 800; ж (2 bytes in UTF-8): 1 + 102 + 320 = 423, two need 846.
    const latin = createMemoryCache({ maxEntries: 1_000, maxBytes: 800 });
    await latin.set('a', 'x'.repeat(50), 60_000);
    await latin.set('b', 'x'.repeat(50), 60_000);
    expect(await latin.get('a')).toBeDefined();
    const cyrillic = createMemoryCache({ maxEntries: 1_000, maxBytes: 800 });
    await cyrillic.set('a', 'ж'.repeat(50), 60_000);
    await cyrillic.set('b', 'ж'.repeat(50), 60_000);
    expect(await cyrillic.get('a')).toBeUndefined();
    expect(await cyrillic.get('b')).toBeDefined();
  });

  it('refuses a value larger than the whole budget without evicting the rest', async () => {
    const cache = createMemoryCache({ maxEntries: 1_000, maxBytes: 600 });
    await cache.set('small', 'ok', 60_000);
    await cache.set('huge', 'x'.repeat(500), 60_000);
    expect(await cache.get('huge')).toBeUndefined();
    expect((await cache.get('small'))?.value).toBe('ok');
  });

  it('expires by its clock and frees the slot', async () => {
    const clock = createTestClock();
    const cache = createMemoryCache({ maxEntries: 2, maxBytes: 1_000_000, clock });
    await cache.set('a', 1, 1_000);
    clock.advance(999);
    expect(await cache.get('a')).toBeDefined();
    clock.advance(1);
    expect(await cache.get('a')).toBeUndefined();
  });
});

describe('memory cache safety', () => {
  it('hands out read-only values: a caller mutating a hit gets a TypeError and cannot corrupt later hits', async () => {
    const cache = createMemoryCache({ maxEntries: 10, maxBytes: 1_000_000 });
    await cache.set('k', { rows: [{ count: 1 }] }, 60_000);
    for (let i = 0; i < 2; i++) {
      const entry = await cache.get<{ rows: { count: number }[] }>('k');
      expect(() => entry!.value.rows.push({ count: 2 })).toThrow(TypeError);
      expect(() => {
        entry!.value.rows[0]!.count = 99;
      }).toThrow(TypeError);
    }
    expect((await cache.get('k'))?.value).toEqual({ rows: [{ count: 1 }] });
  });

  it('a value set after a hit replaces the kept parsed one', async () => {
    const cache = createMemoryCache({ maxEntries: 10, maxBytes: 1_000_000 });
    await cache.set('k', { v: 1 }, 60_000);
    expect((await cache.get('k'))?.value).toEqual({ v: 1 });
    await cache.set('k', { v: 2 }, 60_000);
    expect((await cache.get('k'))?.value).toEqual({ v: 2 });
  });
});

describe('memory cache hot values (parsed once, shared)', () => {
  it('repeated hits of a small entry return the same frozen object (no parse per hit)', async () => {
    const cache = createMemoryCache({ maxEntries: 10, maxBytes: 1_000_000 });
    await cache.set('k', { rows: [{ count: 1 }] }, 60_000);
    const first = (await cache.get('k'))!.value;
    const second = (await cache.get('k'))!.value;
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('parses every hit of an entry larger than hotMaxEntryBytes, and of every entry with hotShare 0', async () => {
    const off = createMemoryCache({ maxEntries: 10, maxBytes: 1_000_000, hotShare: 0 });
    await off.set('k', { v: 1 }, 60_000);
    expect((await off.get('k'))!.value).not.toBe((await off.get('k'))!.value);
    const large = createMemoryCache({ maxEntries: 10, maxBytes: 1_000_000, hotMaxEntryBytes: 100 });
    await large.set('big', { v: 'x'.repeat(200) }, 60_000);
    await large.set('small', { v: 'x' }, 60_000);
    expect((await large.get('big'))!.value).not.toBe((await large.get('big'))!.value);
    expect((await large.get('small'))!.value).toBe((await large.get('small'))!.value);
  });

  it('keeps at most hotShare × maxBytes parsed: the least recently hit are parsed again', async () => {
    // Each value: JSON {"v":"xxx…"} of 108 bytes → estimated 3 × 108 + 200 = 524 bytes kept; 1/8 of 10,000 holds 2.
    const cache = createMemoryCache({ maxEntries: 100, maxBytes: 10_000, hotShare: 1 / 8 });
    for (const key of ['a', 'b', 'c']) await cache.set(key, { v: 'x'.repeat(100) }, 60_000);
    const a = (await cache.get('a'))!.value;
    expect((await cache.get('a'))!.value).toBe(a);
    await cache.get('b');
    await cache.get('c'); // a, the least recently hit, leaves the hot set
    expect((await cache.get('a'))!.value).not.toBe(a);
    expect((await cache.get('a'))!.value).toEqual(a);
  });

  it('counts parsed values against maxBytes: keeping them evicts the least recently used buffers', async () => {
    // Buffers: 1 + 108 + 320 = 429 bytes each, 4 (1,716) fit in 1,900; hot share 1/2 (950) keeps one parsed
    // value of 524, so 1,716 + 524 > 1,900: the least recently used buffer goes (429 × 3 + 524 = 1,811 fits).
    const cache = createMemoryCache({ maxEntries: 100, maxBytes: 1_900, hotShare: 1 / 2 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.set(key, { v: 'x'.repeat(100) }, 60_000);
    expect(cache.stats().sets).toBe(4);
    await cache.get('d');
    expect(await cache.get('a')).toBeUndefined();
    for (const key of ['b', 'c', 'd']) expect(await cache.get(key)).toBeDefined();
  });
});
