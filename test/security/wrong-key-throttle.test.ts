import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyChangeFeed } from '../../src/ports/key-changes.js';
import { hashKey, type KeyStore } from '../../src/ports/key-store.js';
import { API_KEY_LIMITS, createAuthenticator } from '../../src/services/auth/authenticator.js';
import { createFailedAuthThrottle, peerKey } from '../../src/services/auth/failed-auth-throttle.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { createTestClock, TEST_KEY } from '../support/kit.js';
import { from, type PeerAnswer } from '../support/peer-request.js';

/*
 * Issue 25, item 2: wrong API keys on the data routes were not throttled: 1,333 guesses in 3 s, each a database
 * lookup. Now a peer (the socket's address) that presented API_KEY_LIMITS.maxFailures wrong keys in a window is
 * answered 429 with Retry-After, on every face, without a lookup; a key that can be checked without the store (a
 * static key, an issued key the cache knows) is still served, and other peers are not touched.
 */
const MAX = API_KEY_LIMITS.maxFailures;
const ATTACKER = '127.0.0.2';
const CLIENT = '127.0.0.1';

/** Issued keys by digest, counting every lookup. */
function createCountingStore() {
  const issued = new Map<string, string>();
  const counter = { lookups: 0 };
  const store: KeyStore = {
    async findActiveByHash(hash) {
      counter.lookups++;
      const id = issued.get(hash);
      return id ? { id, name: id, createdAt: new Date(0), revokedAt: null } : undefined;
    },
  };
  return { store, counter, issue: (key: string, id: string) => issued.set(hashKey(key), id) };
}

/** A change feed that is always live: issued keys are cached once looked up, as with PostgreSQL's LISTEN. */
const liveFeed: KeyChangeFeed = { subscribe: () => () => {}, isLive: () => true, close: async () => {} };

describe('wrong API keys are throttled per peer, on every face, without a lookup', () => {
  const clock = createTestClock();
  const app = createTestApp({ source: createFakeSource(), clock });
  const { store, counter, issue } = createCountingStore();
  app.runtime.authenticator = createAuthenticator([TEST_KEY], store, { changes: liveFeed, now: () => clock.now() });
  issue('sds_client_key_0000000001', 'client-1');
  issue('sds_client_key_0000000002', 'client-2');
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer(app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, CLIENT, resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The same request on each face with `key`, from `address`. */
  const everyFace = (address: string, key: string): Promise<PeerAnswer[]> => {
    const authorization = `Bearer ${key}`;
    return Promise.all([
      from(address, port, { path: '/v2/stats/top', body: { phrase: 'ноутбук' }, headers: { authorization } }),
      from(address, port, { path: '/v1/keywords/search_volume', body: [{ keywords: ['ноутбук'] }], headers: { authorization } }),
      from(address, port, { path: '/graphql', body: { query: '{ regionSearch(query: "Моск") { regionId } }' }, headers: { authorization } }),
      from(address, port, {
        path: '/mcp',
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'region_search', arguments: { query: 'Моск' } } },
        headers: { authorization, accept: 'application/json, text/event-stream' },
      }),
    ]);
  };

  it(`${MAX} wrong keys are looked up and refused (401); the next ones are 429 with Retry-After on every face, unasked`, async () => {
    for (let i = 0; i < MAX; i++) {
      const answer = await from(ATTACKER, port, { path: '/v2/stats/top', body: { phrase: 'x' }, headers: { authorization: `Bearer sds_guess_${i}_0000000000` } });
      expect(answer.status).toBe(401);
    }
    expect(counter.lookups).toBe(MAX);
    for (let round = 0; round < 25; round++) {
      const answers = await everyFace(ATTACKER, `sds_guess_more_${round}_00000000`);
      for (const answer of answers) {
        expect(answer.status).toBe(429);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // Each face's own error shape.
      expect(answers[0]!.json).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
      expect(answers[1]!.json).toMatchObject({ status_code: 40209 });
      expect(answers[2]!.json.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(answers[3]!.json.error).toMatchObject({ code: -32000 });
    }
    expect(counter.lookups).toBe(MAX); // not one more lookup
  });

  it('another peer is not slowed: its issued key is looked up and served on every face', async () => {
    const before = counter.lookups;
    for (const answer of await everyFace(CLIENT, 'sds_client_key_0000000001')) expect(answer.status).toBe(200);
    expect(counter.lookups).toBe(before + 1); // once, then cached (the feed is live); concurrent uses share it
    // Nor are its own wrong keys counted with the other peer's.
    const typo = await from(CLIENT, port, { path: '/v2/stats/top', body: { phrase: 'x' }, headers: { authorization: 'Bearer sds_client_typo_000000' } });
    expect(typo.status).toBe(401);
  });

  it('the throttled peer is still served with a key checked without the store: a static key, a cached issued key', async () => {
    for (const answer of await everyFace(ATTACKER, TEST_KEY)) expect(answer.status).toBe(200);
    for (const answer of await everyFace(ATTACKER, 'sds_client_key_0000000001')) expect(answer.status).toBe(200);
    // An issued key never seen here needs a lookup: that waits with the rest of this peer's (documented).
    const unseen = await from(ATTACKER, port, { path: '/v2/stats/top', body: { phrase: 'x' }, headers: { authorization: 'Bearer sds_client_key_0000000002' } });
    expect(unseen.status).toBe(429);
  });

  it('after the window the peer may try again', async () => {
    clock.advance(API_KEY_LIMITS.windowMs);
    const before = counter.lookups;
    const again = await from(ATTACKER, port, { path: '/v2/stats/top', body: { phrase: 'x' }, headers: { authorization: 'Bearer sds_guess_later_000000' } });
    expect(again.status).toBe(401);
    expect(counter.lookups).toBe(before + 1);
  });
});

describe('what counts as a wrong key, and as a peer', () => {
  it('the same wrong key again is not a new guess; a burst of one key is one lookup and one failure', async () => {
    const { store, counter } = createCountingStore();
    const clock = createTestClock();
    const throttle = createFailedAuthThrottle(API_KEY_LIMITS, () => clock.now());
    const auth = createAuthenticator([], store, { throttle });
    const answers = await Promise.all(Array.from({ length: 100 }, () => auth.authenticate('Bearer sds_one_wrong_key_00000', '10.1.1.1')));
    expect(answers.every((a) => a === undefined)).toBe(true);
    for (let i = 0; i < 100; i++) expect(await auth.authenticate('Bearer sds_one_wrong_key_00000', '10.1.1.1')).toBeUndefined();
    expect(counter.lookups).toBe(1);
    expect(throttle.waitSeconds('10.1.1.1')).toBe(0);
  });

  it('without a key store (API_KEYS only) wrong keys are counted too, and the static keys still served', async () => {
    const clock = createTestClock();
    const auth = createAuthenticator([TEST_KEY], undefined, { now: () => clock.now() });
    for (let i = 0; i < MAX; i++) expect(await auth.authenticate(`Bearer sds_guess_${i}_0000000000`, '10.2.2.2')).toBeUndefined();
    await expect(auth.authenticate('Bearer sds_guess_last_00000000', '10.2.2.2')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
    expect((await auth.authenticate(`Bearer ${TEST_KEY}`, '10.2.2.2'))?.name).toBe('API_KEYS');
    expect(await auth.authenticate('Bearer sds_guess_last_00000000', '10.2.2.3')).toBeUndefined();
    // A request without a key presents nothing to guess with: never counted, never throttled.
    expect(await auth.authenticate(null, '10.2.2.4')).toBeUndefined();
  });

  it('a peer is an IPv4 address (mapped ones too) or an IPv6 /64', () => {
    expect(peerKey('203.0.113.7')).toBe('203.0.113.7');
    expect(peerKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(peerKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(peerKey('2001:db8:1:2::5')).toBe(peerKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(peerKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(peerKey('::1')).toBe('0:0:0:0::/64');
    expect(peerKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(peerKey(undefined)).toBe('unknown');
  });
});
