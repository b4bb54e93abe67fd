/** A change to the issued keys that caches of key lookups must hear about. Carries the key id, never the key. */
export type KeyChange = { kind: 'revoked'; keyId: string } | { kind: 'created'; keyId: string };

export interface KeyChangeHandlers {
  /** A key was issued or revoked, in this process or another one. */
  onChange(change: KeyChange): void;
  /**
   * Changes may have been missed (the subscription was lost, or has just been re-established): whatever was
   * learnt before may be stale.
   */
  onGap(): void;
}

/** The stream of key changes made by every process sharing the key store. */
export interface KeyChangeFeed {
  /** Calls `handlers` for every change from now on; returns the function that stops it. */
  subscribe(handlers: KeyChangeHandlers): () => void;
  /** True while every change made anywhere is known to reach this process (the subscription is up). */
  isLive(): boolean;
  /** Stops listening and releases the connection, if any. */
  close(): Promise<void>;
}
