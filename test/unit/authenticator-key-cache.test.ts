import { describe, expect, it } from 'vitest';
import type { KeyChange, KeyChangeFeed, KeyChangeHandlers } from '../../src/ports/key-changes.js';
import { hashKey, type KeyStore, type StoredKey } from '../../src/ports/key-store.js';
import { createAuthenticator } from '../../src/services/auth/authenticator.js';
import { createKeyLookupCache } from '../../src/services/auth/key-lookup-cache.js';
import { createTestClock } from '../support/kit.js';

const ISSUED = 'sds_issued_key_0123456789';
const OTHER = 'sds_other_issued_key_9876543210';

/** A store of two issued keys that counts lookups; a lookup can be held open to stage races. */
function createStore() {
  const revoked = new Set<string>();
  const issued = new Map<string, StoredKey>([
    [hashKey(ISSUED), { id: 'key_1', name: 'dash', createdAt: new Date(0), revokedAt: null }],
    [hashKey(OTHER), { id: 'key_2', name: 'robot', createdAt: new Date(0), revokedAt: null }],
  ]);
  let hold: Promise<void> | undefined;
  const counter = { lookups: 0 };
  const store: KeyStore = {
    async findActiveByHash(hash) {
      counter.lookups++;
      const found = issued.get(hash);
      const answer = found && !revoked.has(found.id) ? found : undefined; // read before the hold, like a snapshot
      if (hold) await hold;
      return answer;
    },
  };
  return {
    store,
    counter,
    revoke: (id: string) => revoked.add(id),
    issue: (key: string, stored: StoredKey) => issued.set(hashKey(key), stored),
    /** Holds every lookup that starts from now until the returned function is called. */
    holdLookups() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

/** A feed the test drives: it says whether it is live, and delivers changes and gaps when told. */
function createFeed(live = true) {
  const subscribers = new Set<KeyChangeHandlers>();
  const feed: KeyChangeFeed = {
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    isLive: () => live,
    close: async () => {},
  };
  return {
    feed,
    change: (change: KeyChange) => subscribers.forEach((s) => s.onChange(change)),
    setLive(next: boolean) {
      live = next;
      subscribers.forEach((s) => s.onGap());
    },
  };
}

const bearer = (key: string) => `Bearer ${key}`;

describe('key lookups cached while the change feed is live', () => {
  it('an issued key costs one store lookup, not one per request', async () => {
    const { store, counter } = createStore();
    const auth = createAuthenticator([], store, { changes: createFeed().feed });
    for (let i = 0; i < 1000; i++) expect(await auth.authenticate(bearer(ISSUED))).toEqual({ keyId: 'key_1', name: 'dash' });
    expect(counter.lookups).toBe(1);
  });

  it('a revocation notice drops that key only: its next request asks the store and is refused', async () => {
    const { store, counter, revoke } = createStore();
    const { feed, change } = createFeed();
    const auth = createAuthenticator([], store, { changes: feed });
    await auth.authenticate(bearer(ISSUED));
    await auth.authenticate(bearer(OTHER));
    expect(counter.lookups).toBe(2);
    revoke('key_1');
    // Before the notice the cached answer still stands (this is what the notice is for).
    expect((await auth.authenticate(bearer(ISSUED)))?.keyId).toBe('key_1');
    change({ kind: 'revoked', keyId: 'key_1' });
    expect(await auth.authenticate(bearer(ISSUED))).toBeUndefined();
    expect(counter.lookups).toBe(3);
    expect((await auth.authenticate(bearer(OTHER)))?.keyId).toBe('key_2');
    expect(counter.lookups).toBe(3);
  });

  it('a known key is asked again after the positive TTL, whatever the feed says', async () => {
    const clock = createTestClock();
    const { store, counter } = createStore();
    const auth = createAuthenticator([], store, { changes: createFeed().feed, cache: createKeyLookupCache({ positiveTtlMs: 10_000, clock }) });
    await auth.authenticate(bearer(ISSUED));
    clock.advance(9_999);
    await auth.authenticate(bearer(ISSUED));
    expect(counter.lookups).toBe(1);
    clock.advance(1);
    await auth.authenticate(bearer(ISSUED));
    expect(counter.lookups).toBe(2);
  });

  it('while the feed is down every request asks the store, and losing it forgets what was cached', async () => {
    const { store, counter, revoke } = createStore();
    const { feed, setLive } = createFeed();
    const auth = createAuthenticator([], store, { changes: feed });
    await auth.authenticate(bearer(ISSUED));
    await auth.authenticate(bearer(ISSUED));
    expect(counter.lookups).toBe(1);
    setLive(false);
    revoke('key_1'); // a revocation this process is never told about
    expect(await auth.authenticate(bearer(ISSUED))).toBeUndefined();
    expect(counter.lookups).toBe(2);
    expect((await auth.authenticate(bearer(OTHER)))?.keyId).toBe('key_2');
    expect((await auth.authenticate(bearer(OTHER)))?.keyId).toBe('key_2');
    expect(counter.lookups).toBe(4);
    setLive(true);
    await auth.authenticate(bearer(OTHER));
    await auth.authenticate(bearer(OTHER));
    expect(counter.lookups).toBe(5);
  });

  it('an answer read before a revocation notice is neither cached nor shared with later requests', async () => {
    const { store, counter, revoke, holdLookups } = createStore();
    const { feed, change } = createFeed();
    const auth = createAuthenticator([], store, { changes: feed });
    const release = holdLookups();
    const early = auth.authenticate(bearer(ISSUED)); // reads the key as active, then waits
    await Promise.resolve();
    revoke('key_1');
    change({ kind: 'revoked', keyId: 'key_1' });
    const late = auth.authenticate(bearer(ISSUED)); // must not join the early lookup
    release();
    expect((await early)?.keyId).toBe('key_1');
    expect(await late).toBeUndefined();
    expect(await auth.authenticate(bearer(ISSUED))).toBeUndefined();
    expect(counter.lookups).toBe(2);
  });

  it('an answer that was in flight when any change arrived is not remembered', async () => {
    const { store, counter, holdLookups } = createStore();
    const { feed, change } = createFeed();
    const auth = createAuthenticator([], store, { changes: feed });
    const release = holdLookups();
    const early = auth.authenticate(bearer(ISSUED));
    await Promise.resolve();
    change({ kind: 'revoked', keyId: 'key_1' }); // e.g. revoked and re-read in between: the early answer may be stale
    release();
    expect((await early)?.keyId).toBe('key_1');
    await auth.authenticate(bearer(ISSUED));
    expect(counter.lookups).toBe(2);
    await auth.authenticate(bearer(ISSUED)); // the second answer was read after the change: remembered
    expect(counter.lookups).toBe(2);
  });

  it('an issue notice forgets unknown digests, so a key refused a moment ago works once issued', async () => {
    const { store, counter, issue } = createStore();
    const { feed, change } = createFeed();
    const auth = createAuthenticator([], store, { changes: feed });
    const fresh = 'sds_brand_new_key_0000000001';
    expect(await auth.authenticate(bearer(fresh))).toBeUndefined();
    expect(await auth.authenticate(bearer(fresh))).toBeUndefined();
    expect(counter.lookups).toBe(1);
    issue(fresh, { id: 'key_3', name: 'new', createdAt: new Date(0), revokedAt: null });
    change({ kind: 'created', keyId: 'key_3' });
    expect((await auth.authenticate(bearer(fresh)))?.keyId).toBe('key_3');
  });

  it('a flood of bad keys does not push issued keys out of the cache', async () => {
    const { store, counter } = createStore();
    const auth = createAuthenticator([], store, { changes: createFeed().feed, cache: createKeyLookupCache({ maxEntries: 5 }) });
    await auth.authenticate(bearer(ISSUED));
    // From 50 addresses: one address would be throttled after 20 wrong keys (wrong-key-throttle.test.ts).
    for (let i = 0; i < 50; i++) await auth.authenticate(bearer(`sds_bad_key_${i}_000000000`), `10.0.0.${i}`);
    const before = counter.lookups;
    await auth.authenticate(bearer(ISSUED));
    expect(counter.lookups).toBe(before);
  });

  it('keeps digests only, never a presented key', async () => {
    const { store } = createStore();
    const cache = createKeyLookupCache<{ keyId: string; name: string }>();
    const auth = createAuthenticator([], store, { changes: createFeed().feed, cache });
    await auth.authenticate(bearer(ISSUED));
    await auth.authenticate(bearer('sds_bad_key_never_kept_00'));
    expect(cache.get(hashKey(ISSUED))).toEqual({ keyId: 'key_1', name: 'dash' });
    expect(cache.get(hashKey('sds_bad_key_never_kept_00'))).toBeNull();
    expect(cache.get(ISSUED)).toBeUndefined();
  });
});

describe('known(): the principal at once, asking nobody', () => {
  it('knows a static key and a cached issued key, and nothing it would have to ask the store about', async () => {
    const { store, counter, revoke } = createStore();
    const { feed, change, setLive } = createFeed();
    const auth = createAuthenticator(['static_key_0123456789'], store, { changes: feed });
    expect(auth.known?.(bearer('static_key_0123456789'))?.name).toBe('API_KEYS');
    expect(auth.known?.(bearer(ISSUED))).toBeUndefined(); // not yet looked up: authenticate asks
    expect(counter.lookups).toBe(0);
    await auth.authenticate(bearer(ISSUED));
    expect(auth.known?.(bearer(ISSUED))).toEqual({ keyId: 'key_1', name: 'dash' });
    expect(counter.lookups).toBe(1);
    revoke('key_1');
    change({ kind: 'revoked', keyId: 'key_1' });
    expect(auth.known?.(bearer(ISSUED))).toBeUndefined();
    await auth.authenticate(bearer(OTHER));
    setLive(false); // no feed: nothing cached can be trusted
    expect(auth.known?.(bearer(OTHER))).toBeUndefined();
    expect(auth.known?.('Basic abc')).toBeUndefined();
    expect(auth.known?.(null)).toBeUndefined();
  });

  it('a key the store refused (remembered as unknown) is not known', async () => {
    const { store, counter } = createStore();
    const auth = createAuthenticator([], store, { changes: createFeed().feed });
    expect(await auth.authenticate(bearer('sds_wrong_key_0123456789'))).toBeUndefined();
    expect(counter.lookups).toBe(1);
    expect(auth.known?.(bearer('sds_wrong_key_0123456789'))).toBeUndefined();
  });
});
