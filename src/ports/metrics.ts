/** How one source-call lookup was answered by the cache-backed gateway. */
export type CacheResult = 'HIT' | 'MISS' | 'STALE';

/** Outcome of one upstream call: `ok`, or the stable error code it failed with (e.g. `SOURCE_RATE_LIMITED`). */
export type CallOutcome = 'ok' | (string & {});

/** One HTTP request as the access log and the request metrics see it. */
export interface HttpRequestSample {
  method: string;
  /** A bounded route label: a known path (e.g. `/v2/stats/top`, `/graphql`) or `unmatched`. */
  route: string;
  status: number;
  durationSeconds: number;
  /** The response's X-Cache, when it has one. */
  cache?: CacheResult;
}

/**
 * The narrow metrics port: services and adapters report what happened; an adapter (Prometheus) or the no-op
 * default decides what to do with it. Labels are bounded sets — never phrases, keys or ids.
 */
export interface Metrics {
  /** An HTTP request finished. */
  httpRequest(sample: HttpRequestSample): void;
  /** The gateway answered one source call from cache (HIT/STALE) or by calling upstream (MISS). */
  cacheResult(method: string, result: CacheResult): void;
  /** One upstream call finished (successfully or not). */
  sourceCall(method: string, outcome: CallOutcome, durationSeconds: number): void;
  /** What is left of an upstream budget (e.g. window `hour` or `second`). */
  sourceQuotaRemaining(window: string, remaining: number): void;
  /** Rows waiting in the ledger's write buffer. */
  ledgerBuffered(rows: number): void;
  /** One LLM call finished. */
  llmCall(outcome: CallOutcome, durationSeconds: number): void;
  /** A GraphQL operation was refused before execution (e.g. `complexity`, `depth`). */
  graphqlRefused(reason: string): void;
}

