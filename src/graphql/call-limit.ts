/** At most `limit` calls in flight; see createCallLimit. */
export interface CallLimit {
  run<T>(call: () => Promise<T>): Promise<T>;
}

/**
 * Runs calls with at most `limit` in flight, the rest queued in order. Once a call fails, queued calls are not
 * started and fail with the same error: the calls are upstream quota, and one failure fails the request.
 * (services/search-volume.ts's mapWithConcurrency does the same for a list known up front; GraphQL's fields
 * ask one at a time.) Hand-built rather than p-limit: a request's field calls on a cache hit cost a fifth of
 * what they cost through p-limit (bench/limiter.bench.ts, bench/README.md).
 */
export function createCallLimit(limit: number): CallLimit {
  const max = Math.max(1, Math.floor(limit) || 1);
  const queue: (() => void)[] = [];
  let running = 0;
  let failure: { error: unknown } | undefined;
  // A finished call hands its slot to the first queued one, or frees it.
  const next = () => {
    const waiting = queue.shift();
    if (waiting) waiting();
    else running--;
  };
  return {
    async run<T>(call: () => Promise<T>): Promise<T> {
      if (running >= max) await new Promise<void>((resolve) => queue.push(resolve));
      else running++;
      try {
        if (failure) throw failure.error;
        return await call();
      } catch (error) {
        failure ??= { error };
        throw error;
      } finally {
        next();
      }
    },
  };
}
