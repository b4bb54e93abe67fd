import type { StoredKey } from './key-store.js';

/** A key just issued: `key` is shown to the operator once and never stored. */
export interface IssuedKey {
  id: string;
  name: string;
  key: string;
}

/** Issuing, listing and revoking API keys (the operator's side of the key store). */
export interface KeyAdmin {
  /** Makes a new random key; only its SHA-256 hash is stored. */
  create(name: string): Promise<IssuedKey>;
  /** Every key ever issued (revoked ones included), oldest first. */
  list(): Promise<StoredKey[]>;
  /** Revokes a key at once; returns the key as now stored, or undefined when no key has this id. Idempotent. */
  revoke(id: string): Promise<StoredKey | undefined>;
}
