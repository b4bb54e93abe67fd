import type { KeyChange, KeyChangeFeed, KeyChangeHandlers } from '../../ports/key-changes.js';

/** A feed this process publishes to itself, synchronously. */
export interface InProcessKeyChangeFeed extends KeyChangeFeed {
  publish(change: KeyChange): void;
}

/**
 * Key changes made in this process, heard by this process before the writer returns. Alone it is the whole
 * story for the embedded database (one process holds it, so every change is made here); beside a cross-process
 * feed it makes the process that revokes a key refuse it on its very next request, without waiting for the
 * notice to come back around.
 */
export function createInProcessKeyChangeFeed(): InProcessKeyChangeFeed {
  const subscribers = new Set<KeyChangeHandlers>();
  return {
    publish(change) {
      for (const handlers of subscribers) handlers.onChange(change);
    },
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    isLive: () => true,
    close: async () => subscribers.clear(),
  };
}
