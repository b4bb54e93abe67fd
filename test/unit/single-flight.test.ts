import { describe, expect, it } from 'vitest';
import { createSingleFlight } from '../../src/domain/single-flight.js';

/** A promise settled by hand, so the test decides when a flight lands. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('single flight', () => {
  it('shares one start among concurrent callers of a key, and starts afresh once it settles', async () => {
    const flights = createSingleFlight<string, number>();
    const first = deferred<number>();
    let starts = 0;
    const start = () => (++starts === 1 ? first.promise : Promise.resolve(starts));
    const a = flights.run('k', start);
    const b = flights.run('k', start);
    const other = flights.run('other', () => Promise.resolve(-1));
    expect(starts).toBe(1);
    first.resolve(7);
    expect(await Promise.all([a, b, other])).toEqual([7, 7, -1]);
    expect(await flights.run('k', start)).toBe(2);
    expect(starts).toBe(2);
  });

  it('hands a failure to every waiter and does not remember it', async () => {
    const flights = createSingleFlight<string, number>();
    const failing = deferred<number>();
    const a = flights.run('k', () => failing.promise);
    const b = flights.run('k', () => Promise.resolve(0));
    failing.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(await flights.run('k', () => Promise.resolve(3))).toBe(3);
  });

  it('after clear(), a new caller starts its own flight and the old one cannot forget it', async () => {
    const flights = createSingleFlight<string, string>();
    const old = deferred<string>();
    const fresh = deferred<string>();
    const before = flights.run('k', () => old.promise);
    flights.clear();
    const after = flights.run('k', () => fresh.promise);
    old.resolve('old');
    expect(await before).toBe('old');
    // The old flight has landed; the new one must still be shared, not dropped by the old one's cleanup.
    let starts = 0;
    const joined = flights.run('k', () => Promise.resolve(`started ${++starts}`));
    fresh.resolve('fresh');
    expect(await Promise.all([after, joined])).toEqual(['fresh', 'fresh']);
    expect(starts).toBe(0);
  });

  it('keepSettled reuses a settled answer for the helper’s whole life', async () => {
    const flights = createSingleFlight<string, number>({ keepSettled: true });
    let starts = 0;
    const start = () => Promise.resolve(++starts);
    expect(await flights.run('k', start)).toBe(1);
    expect(await flights.run('k', start)).toBe(1);
    expect(starts).toBe(1);
  });
});
