/** An API key the service issued, as stored: never the key itself, only its hash. */
export interface StoredKey {
  id: string;
  name: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Persistent API keys (hashed at rest). */
export interface KeyStore {
  /** The active key whose SHA-256 hex digest is `hash`, or undefined (revoked keys are unknown). */
  findActiveByHash(hash: string): Promise<StoredKey | undefined>;
}
