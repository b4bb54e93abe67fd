import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A yield to the event loop once `sliceMs` of work has passed since the last one: a long loop (rows of a file,
 * phrases of a clean) lets other requests in every few milliseconds, whatever the machine's speed (a fixed row
 * count did not). Cheap to call often: between yields it answers undefined, nothing to await.
 */
export function createSlicer(sliceMs = 5): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
