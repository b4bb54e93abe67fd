import { describe, expect, it } from 'vitest';
import type { KeyStore, StoredKey } from '../../src/ports/key-store.js';
import { createAuthenticator } from '../../src/services/auth/authenticator.js';
import { hashKey } from '../../src/ports/key-store.js';
import { createKeyLookupCache } from '../../src/services/auth/key-lookup-cache.js';
import { createTestClock } from '../support/kit.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createCapturedLogger } from '../support/log-capture.js';
import { createTestApp, post } from '../support/app.js';

const ISSUED = 'sds_issued_key_0123456789';

/** A key store that counts its lookups; `revoke` makes the issued key unknown from then on. */
function createCountingStore(options: { gate?: Promise<void> } = {}) {
  let revoked = false;
  const stored: StoredKey = { id: 'key_1', name: 'dash', createdAt: new Date(0), revokedAt: null };
  const counter = { lookups: 0 };
  const store: KeyStore = {
    async findActiveByHash(hash) {
      counter.lookups++;
      // A lookup still in flight until the test opens the gate (no real time).
      await options.gate;
      return !revoked && hash === hashKey(ISSUED) ? stored : undefined;
    },
  };
  return { store, counter, revoke: () => (revoked = true) };
}

describe('unknown keys (issue 11, item 11)', () => {
  it('a flood with one bad key asks the store once per TTL, not once per request', async () => {
    const clock = createTestClock();
    const { store, counter } = createCountingStore();
    const auth = createAuthenticator([], store, { cache: createKeyLookupCache({ negativeTtlMs: 5_000, clock }) });
    for (let i = 0; i < 1000; i++) expect(await auth.authenticate('Bearer sds_bad_key_flood_0001')).toBeUndefined();
    expect(counter.lookups).toBe(1);
    clock.advance(4_999);
    await auth.authenticate('Bearer sds_bad_key_flood_0001');
    expect(counter.lookups).toBe(1);
    clock.advance(1);
    await auth.authenticate('Bearer sds_bad_key_flood_0001');
    expect(counter.lookups).toBe(2);
  });

  it('concurrent requests with the same bad key share one lookup', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { store, counter } = createCountingStore({ gate });
    const auth = createAuthenticator([], store);
    // All 200 arrive while the first lookup is still out; then it answers.
    const pending = Array.from({ length: 200 }, () => auth.authenticate('Bearer sds_bad_key_burst_0001'));
    open();
    const answers = await Promise.all(pending);
    expect(answers.every((a) => a === undefined)).toBe(true);
    expect(counter.lookups).toBe(1);
  });

  it('is bounded: the oldest unknown digests are forgotten first', async () => {
    const clock = createTestClock();
    const { store, counter } = createCountingStore();
    const auth = createAuthenticator([], store, { cache: createKeyLookupCache({ maxEntries: 3, clock }) });
    for (const n of [1, 2, 3, 4]) await auth.authenticate(`Bearer sds_bad_key_${n}_0000000`);
    expect(counter.lookups).toBe(4);
    await auth.authenticate('Bearer sds_bad_key_4_0000000'); // remembered
    expect(counter.lookups).toBe(4);
    await auth.authenticate('Bearer sds_bad_key_1_0000000'); // forgotten: asked again
    expect(counter.lookups).toBe(5);
  });

  it('without a change feed, known keys are not cached: a revocation is refused on the very next request', async () => {
    const { store, counter, revoke } = createCountingStore();
    const auth = createAuthenticator([], store);
    expect((await auth.authenticate(`Bearer ${ISSUED}`))?.keyId).toBe('key_1');
    expect((await auth.authenticate(`Bearer ${ISSUED}`))?.keyId).toBe('key_1');
    expect(counter.lookups).toBe(2);
    revoke();
    expect(await auth.authenticate(`Bearer ${ISSUED}`)).toBeUndefined();
  });

  it('a store failure is not remembered as unknown: the next request asks again', async () => {
    let fail = true;
    let lookups = 0;
    const store: KeyStore = {
      async findActiveByHash(hash) {
        lookups++;
        if (fail) throw new Error('ECONNREFUSED');
        return hash === hashKey(ISSUED) ? { id: 'key_1', name: 'dash', createdAt: new Date(0), revokedAt: null } : undefined;
      },
    };
    const auth = createAuthenticator([], store);
    await expect(auth.authenticate(`Bearer ${ISSUED}`)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    fail = false;
    expect((await auth.authenticate(`Bearer ${ISSUED}`))?.keyId).toBe('key_1');
    expect(lookups).toBe(2);
  });

  it('through REST: 300 requests with a bad key are 401, cost one store lookup, and never log the key', async () => {
    const { logger, text } = createCapturedLogger();
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }), logger });
    const { store, counter } = createCountingStore();
    app.runtime.authenticator = createAuthenticator([], store);
    const bad = 'sds_bad_key_never_logged_42';
    for (let i = 0; i < 300; i++) {
      const res = await post(app, '/v2/stats/top', { phrase: 'x' }, { authorization: `Bearer ${bad}` });
      expect(res.status).toBe(401);
    }
    expect(counter.lookups).toBe(1);
    expect(text()).not.toContain(bad);
    expect(text()).not.toContain(hashKey(bad));
  });
});
