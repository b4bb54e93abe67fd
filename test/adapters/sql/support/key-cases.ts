import { describe, expect, it } from 'vitest';
import { createSqlKeyStore } from '../../../../src/adapters/sql/sql-key-store.js';
import { createAuthenticator } from '../../../../src/services/auth/authenticator.js';
import { hashKey } from '../../../../src/ports/key-store.js';
import type { SqlSuiteEnv } from './env.js';

export function keyCases(env: SqlSuiteEnv): void {
  describe('key store', () => {
    it('issues random prefixed keys and stores only their SHA-256 hash', async () => {
      const store = createSqlKeyStore({ client: env.client() });
      const a = await store.create('  alice  ');
      const b = await store.create('bob');
      expect(a.key).toMatch(/^sds_[A-Za-z0-9_-]{43}$/);
      expect(a.key).not.toBe(b.key);
      expect(a.id).not.toBe(b.id);
      expect(a.name).toBe('alice');

      const stored = await env.client().query<Record<string, unknown>>('SELECT * FROM api_keys');
      const everything = JSON.stringify(stored.rows);
      expect(everything).not.toContain(a.key);
      expect(everything).not.toContain(a.key.slice(4));
      expect(stored.rows.map((r) => r.hash).sort()).toEqual([hashKey(a.key), hashKey(b.key)].sort());

      expect(await store.findActiveByHash(hashKey(a.key))).toMatchObject({ id: a.id, name: 'alice', revokedAt: null });
      expect(await store.findActiveByHash(hashKey(`${a.key}x`))).toBeUndefined();
      await expect(store.create('   ')).rejects.toThrow(/name/);
    });

    it('finds an active key by id (what an OAuth subject is mapped to); a revoked or unknown id is not found', async () => {
      const store = createSqlKeyStore({ client: env.client() });
      const issued = await store.create('oauth team');
      expect(await store.findActiveById(issued.id)).toMatchObject({ id: issued.id, name: 'oauth team', revokedAt: null });
      expect(await store.findActiveById('key_nobody')).toBeUndefined();
      await store.revoke(issued.id);
      expect(await store.findActiveById(issued.id)).toBeUndefined();
    });

    it('lists keys oldest first with their revocation state', async () => {
      const store = createSqlKeyStore({ client: env.client() });
      const first = await store.create('first');
      const second = await store.create('second');
      // The key issued second is dated a day earlier, so "oldest first" differs from the order of insertion and has
      // one right answer (the database stamps now(); no clock to wait on).
      await env.client().query("UPDATE api_keys SET created_at = created_at - interval '1 day' WHERE id = $1", [second.id]);
      await store.revoke(first.id);
      const listed = await store.list();
      expect(listed.map((k) => k.id)).toEqual([second.id, first.id]);
      expect(listed[0]!.revokedAt).toBeNull();
      expect(listed[1]!.revokedAt).toBeInstanceOf(Date);
      expect(listed[1]!.createdAt.getTime() - listed[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(86_400_000 - 1_000);
    });

    it('refuses a revoked key at once, also through another store on another connection', async () => {
      const [peer] = await env.peers(1);
      const admin = createSqlKeyStore({ client: env.client() });
      const elsewhere = createSqlKeyStore({ client: peer! });
      const auth = createAuthenticator([], elsewhere);
      const issued = await admin.create('ci');
      const header = `Bearer ${issued.key}`;
      // Warm the other side first, so that any cached positive answer would show up below.
      expect(await auth.authenticate(header)).toEqual({ keyId: issued.id, name: 'ci' });

      const revoked = await admin.revoke(issued.id);
      expect(revoked?.revokedAt).toBeInstanceOf(Date);
      expect(await auth.authenticate(header)).toBeUndefined();
      expect(await elsewhere.findActiveByHash(hashKey(issued.key))).toBeUndefined();
    });

    it('revoking is idempotent and an unknown id is reported as such', async () => {
      const store = createSqlKeyStore({ client: env.client() });
      const issued = await store.create('twice');
      const once = await store.revoke(issued.id);
      expect(once?.revokedAt).toBeInstanceOf(Date);
      // Dated back, so a second revocation that stamped now() again could not return the same time by chance.
      const revokedAt = '2020-01-02T03:04:05.000Z';
      await env.client().query('UPDATE api_keys SET revoked_at = $2 WHERE id = $1', [issued.id, revokedAt]);
      const again = await store.revoke(issued.id);
      expect(again?.revokedAt?.toISOString()).toBe(revokedAt);
      expect(await store.revoke('key_does_not_exist')).toBeUndefined();
    });
  });
}
