import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../src/adapters/cache/memory-cache.js';
import { createTestClock } from '../support/kit.js';
import { runCacheContract } from './cache-contract.js';

runCacheContract('memory', async (clock) => createMemoryCache({ maxEntries: 1_000, maxBytes: 64 * 1024 * 1024, clock }));

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
  it('hands every hit its own copy, so a caller mutating it cannot corrupt later hits', async () => {
    const cache = createMemoryCache({ maxEntries: 10, maxBytes: 1_000_000 });
    await cache.set('k', { rows: [{ count: 1 }] }, 60_000);
    const entry = await cache.get<{ rows: { count: number }[] }>('k');
    entry!.value.rows.push({ count: 2 });
    entry!.value.rows[0]!.count = 99;
    expect((await cache.get('k'))?.value).toEqual({ rows: [{ count: 1 }] });
  });
});
