import { randomBytes } from 'node:crypto';
import type { KeyAdmin } from '../../ports/key-admin.js';
import { hashKey, type KeyStore, type StoredKey } from '../../ports/key-store.js';
import { notifyKeyChangeSql } from '../key-events/pg-notice.js';
import type { SqlQueryable } from './sql-client.js';

export interface SqlKeyStoreOptions {
  client: SqlQueryable;
}

interface KeyRow {
  id: string;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Prefix of every issued key: recognisable in configs and by secret scanners. */
export const KEY_PREFIX = 'sds_';
const MAX_NAME = 200;

/**
 * API keys on SQL, hashed at rest. Issuing and revoking announce the change (NOTIFY, in the same statement) so
 * that every process's cache of key lookups hears of it when it commits; see adapters/key-events.
 */
export function createSqlKeyStore(options: SqlKeyStoreOptions): KeyStore & KeyAdmin & Required<Pick<KeyStore, 'findActiveById'>> {
  const { client } = options;
  return {
    async findActiveByHash(hash) {
      const result = await client.query<KeyRow>(
        'SELECT id, name, created_at, revoked_at FROM api_keys WHERE hash = $1 AND revoked_at IS NULL',
        [hash],
      );
      const row = result.rows[0];
      return row ? toStoredKey(row) : undefined;
    },

    async findActiveById(id) {
      const result = await client.query<KeyRow>('SELECT id, name, created_at, revoked_at FROM api_keys WHERE id = $1 AND revoked_at IS NULL', [id]);
      const row = result.rows[0];
      return row ? toStoredKey(row) : undefined;
    },

    async create(name) {
      const clean = name.trim();
      if (clean === '' || clean.length > MAX_NAME) throw new Error(`key name must be 1–${MAX_NAME} characters`);
      // 256 random bits: guessing is hopeless, so a fast hash (SHA-256) is enough at rest.
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = `key_${randomBytes(8).toString('hex')}`;
      await client.query(
        `WITH issued AS (INSERT INTO api_keys (id, name, hash) VALUES ($1, $2, $3) RETURNING id)
         SELECT ${notifyKeyChangeSql('created', 'issued.id')} FROM issued`,
        [id, clean, hashKey(key)],
      );
      return { id, name: clean, key };
    },

    async list() {
      const result = await client.query<KeyRow>(
        'SELECT id, name, created_at, revoked_at FROM api_keys ORDER BY created_at, id',
      );
      return result.rows.map(toStoredKey);
    },

    async revoke(id) {
      // COALESCE keeps the first revocation time when revoked twice.
      const result = await client.query<KeyRow>(
        `WITH revoked AS (
           UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1
           RETURNING id, name, created_at, revoked_at
         )
         SELECT id, name, created_at, revoked_at, ${notifyKeyChangeSql('revoked', 'revoked.id')} FROM revoked`,
        [id],
      );
      const row = result.rows[0];
      return row ? toStoredKey(row) : undefined;
    },
  };
}

function toStoredKey(row: KeyRow): StoredKey {
  return { id: row.id, name: row.name, createdAt: new Date(row.created_at), revokedAt: row.revoked_at ? new Date(row.revoked_at) : null };
}
