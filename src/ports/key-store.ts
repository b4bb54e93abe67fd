import { hash } from 'node:crypto';

/** An API key the service issued, as stored: never the key itself, only its hash. */
export interface StoredKey {
  id: string;
  name: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Persistent API keys (hashed at rest). */
export interface KeyStore {
  /** The active key whose SHA-256 hex digest is `hash` (see `hashKey`), or undefined (revoked keys are unknown). */
  findActiveByHash(hash: string): Promise<StoredKey | undefined>;
  /** The active key with this id, or undefined (revoked or never issued): what an OAuth subject is mapped to. */
  findActiveById?(id: string): Promise<StoredKey | undefined>;
}

/**
 * SHA-256 hex digest of a key: the only form in which keys are kept, looked up or compared. Part of the KeyStore
 * contract (the store keeps this digest, the authenticator asks by it), so it lives beside the port that both
 * sides import rather than in either of them.
 */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}
