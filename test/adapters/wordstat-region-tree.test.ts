import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveRegionType } from '../../src/adapters/wordstat/region-tree-merge.js';
import { createRegionTreeProvider } from '../../src/adapters/wordstat/region-tree-provider.js';
import type { WordstatSource } from '../../src/adapters/wordstat/wordstat-source.js';
import type { FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { catalog as shipped, createRecordingLogger, sourceFor, startFixtureFake } from './support/wordstat-harness.js';

// A stand-in transliteration: the real one is injected by the composition root.
const nameEn = (ru: string) => `EN(${ru})`;

let fake: FakeWordstat;
let source: WordstatSource;
beforeAll(async () => {
  fake = await startFixtureFake();
  source = sourceFor(fake, { retry: { attempts: 1 } });
});
afterAll(async () => {
  await source.close();
  await fake.close();
});
beforeEach(() => fake.reset());

function virtualClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('createRegionTreeProvider over the fake', () => {
  it('serves the shipped catalog at once, then the merged one after the background fetch', async () => {
    const provider = createRegionTreeProvider({ source, shipped, nameEn, logger: createRecordingLogger() });
    expect(provider.current()).toBe(shipped);
    expect(fake.calls.regionTree).toBe(0); // the fetch started but has not reached the server yet
    const merged = await provider.refresh(); // joins the fetch already in flight
    expect(fake.calls.regionTree).toBe(1);
    expect(provider.current()).toBe(merged);

    // Shipped regions keep their curated English name, type, parent and country; the tree's label is the name.
    const moscowRegion = merged.get(1);
    expect(moscowRegion).toMatchObject({ ...shipped.get(1), name: 'Москва и Московская область' });
    expect(merged.get(213)).toEqual(shipped.get(213));

    // Regions only the tree knows.
    expect(merged.get(990001)).toEqual({
      id: 990001,
      parentId: 1,
      name: 'Новая Деревня',
      nameEn: 'EN(Новая Деревня)',
      type: 'city', // a child of a region that is not an area
      countryCode: 'RU', // from Москва и область
    });
    expect(merged.get(990002)).toMatchObject({ type: 'region', parentId: 3, countryCode: 'RU' });
    expect(merged.get(990100)).toMatchObject({ parentId: null, type: 'other', countryCode: '' });
    expect(merged.get(990101)).toMatchObject({ parentId: 990100, type: 'other', countryCode: '' });
    expect(merged.ancestors(990001).map((r) => r.id)).toEqual([1, 3, 225]);

    // Nothing shipped is lost.
    expect(merged.all.length).toBe(shipped.all.length + 4);
  });

  it('refreshes only when stale (ttl), in the background', async () => {
    const clock = virtualClock();
    const provider = createRegionTreeProvider({ source, shipped, nameEn, logger: createRecordingLogger(), ttlMs: 60_000, clock });
    const first = await provider.refresh();
    expect(fake.calls.regionTree).toBe(1);
    clock.advance(59_000);
    expect(provider.current()).toBe(first);
    await provider.refresh().then(() => undefined); // explicit refresh is always allowed
    expect(fake.calls.regionTree).toBe(2);
    const second = provider.current(); // fresh after the explicit refresh: no fetch
    clock.advance(30_000);
    expect(provider.current()).toBe(second);
    expect(fake.calls.regionTree).toBe(2);
    clock.advance(31_000);
    expect(provider.current()).toBe(second); // stale: served while the refresh runs
    await provider.refresh();
    expect(fake.calls.regionTree).toBe(3);
  });

  it('keeps the shipped catalog when the fetch fails, logs it, and waits before trying again', async () => {
    fake.inject('internal', { method: 'regionTree', times: Infinity });
    const clock = virtualClock();
    const logger = createRecordingLogger();
    const provider = createRegionTreeProvider({ source, shipped, nameEn, logger, clock, retryAfterFailureMs: 10_000 });
    expect(await provider.refresh()).toBe(shipped);
    expect(provider.current()).toBe(shipped);
    expect(logger.lines.some((l) => l.level === 'warn')).toBe(true);
    expect(fake.calls.regionTree).toBe(1);
    clock.advance(5_000);
    provider.current();
    expect(fake.calls.regionTree).toBe(1);
    fake.reset();
    clock.advance(5_000);
    provider.current(); // due again: this one succeeds
    const merged = await provider.refresh();
    expect(merged.get(990001)).toBeDefined();
    expect(provider.current()).toBe(merged);
  });
});

describe('the region-tree call (issue 20, item 26)', () => {
  it('backs off after failures in a row: 10 s, 20 s, 40 s, capped at the TTL', async () => {
    fake.inject('internal', { method: 'regionTree', times: Infinity });
    const clock = virtualClock();
    // current() starts a refresh by calling regionTree() at once (synchronously): counted here, so the test
    // knows whether one started without waiting, and joins it through refresh() (which returns the one in flight).
    let asked = 0;
    const counted: WordstatSource = { ...source, regionTree: () => (asked++, source.regionTree()) };
    const provider = createRegionTreeProvider({ source: counted, shipped, nameEn, logger: createRecordingLogger(), clock, retryAfterFailureMs: 10_000, ttlMs: 60_000 });
    await provider.refresh();
    expect(fake.calls.regionTree).toBe(1);
    clock.advance(10_000);
    provider.current();
    expect(asked).toBe(2); // 10 s after the first failure
    await provider.refresh(); // the one in flight
    expect(fake.calls.regionTree).toBe(2);
    clock.advance(10_000);
    provider.current();
    expect(asked).toBe(2); // now it waits 20 s
    expect(fake.calls.regionTree).toBe(2);
    clock.advance(10_000);
    provider.current();
    expect(asked).toBe(3);
    await provider.refresh(); // the one in flight
    expect(fake.calls.regionTree).toBe(3);
  });

  it('goes through the quota gate like every other call', async () => {
    const gated: string[] = [];
    const gatedSource = sourceFor(fake, { gate: async (method) => void gated.push(method) });
    await gatedSource.regionTree();
    expect(gated).toEqual(['regionTree']);
    await gatedSource.close();
  });
});

describe('deriveRegionType', () => {
  const region = (type: 'district' | 'region' | 'city' | 'country') => ({ ...shipped.get(1)!, type });

  it('derives only what the name or parent says plainly', () => {
    expect(deriveRegionType('Дальневосточный федеральный округ', region('country'))).toBe('district');
    expect(deriveRegionType('Тверская область', undefined)).toBe('region');
    expect(deriveRegionType('Республика Алтай', region('district'))).toBe('region');
    expect(deriveRegionType('Адыгея', region('district'))).toBe('region');
    expect(deriveRegionType('Кимры', region('region'))).toBe('city');
    expect(deriveRegionType('Кимрский район', region('region'))).toBe('other');
    expect(deriveRegionType('Арбат', region('city'))).toBe('other');
    expect(deriveRegionType('Антарктида', undefined)).toBe('other');
  });
});
