/**
 * Concurrent callers asking for the same key share one promise, so one upstream request, lookup or search
 * serves them all. Every "share the call in flight" in the service goes through this, instead of each module
 * keeping its own Map of promises and its own rule for when to let go of one.
 *
 * By default a key is forgotten as soon as its promise settles (a later caller starts afresh, a failure is not
 * remembered). `keepSettled` keeps answers for the helper's whole life: for a helper that lives as long as one
 * request or one task run, where a repeat should reuse the answer too.
 */
export interface SingleFlight<K, V> {
  /** The promise in flight for `key`, or `start()` begun now and shared until it settles. */
  run(key: K, start: () => Promise<V>): Promise<V>;
  /** Forgets every key: later callers start afresh; those already waiting still get their answer. */
  clear(): void;
}

export function createSingleFlight<K, V>(options: { keepSettled?: boolean } = {}): SingleFlight<K, V> {
  const flights = new Map<K, Promise<V>>();
  const keepSettled = options.keepSettled ?? false;
  return {
    run(key, start) {
      const current = flights.get(key);
      if (current) return current;
      const promise = start();
      flights.set(key, promise);
      if (!keepSettled) {
        // Only our own entry: after clear() the key may already name a newer flight.
        const forget = () => {
          if (flights.get(key) === promise) flights.delete(key);
        };
        promise.then(forget, forget);
      }
      return promise;
    },
    clear: () => flights.clear(),
  };
}
