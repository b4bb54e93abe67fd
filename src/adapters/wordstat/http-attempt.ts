import { Agent, type Dispatcher, request } from 'undici';

/** A raw answer: status, the headers we read, and the body text. */
export interface RawAnswer {
  status: number;
  retryAfter: string | undefined;
  /** Yandex's `x-request-id` of the call, for support. */
  requestId: string | undefined;
  text: string;
}

/** Thrown when an attempt got no answer; says whether our own timeout cut it (vs. the network or the caller). */
export class AttemptError extends Error {
  override name = 'AttemptError';
  constructor(
    readonly timedOut: boolean,
    readonly callerAborted: boolean,
    options: { cause: unknown },
  ) {
    super(timedOut ? 'timed out' : callerAborted ? 'aborted by caller' : 'network error', options);
  }
}

export interface AttemptTarget {
  baseUrl: string;
  dispatcher: Dispatcher;
  /** Full `Authorization` header value. */
  authorization: string;
}

/**
 * The default connection pool: bounded connections and explicit connect / headers / body timeouts, so a
 * stalled upstream can never hold a socket (or a request) for longer than the configured time.
 */
export function createDefaultDispatcher(timeoutMs: number): Agent {
  return new Agent({
    connections: 16,
    connect: { timeout: Math.min(timeoutMs, 10_000) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
    // Real answers are a few hundred KB at most (the region tree); anything far larger is not Wordstat.
    maxResponseSize: 32 * 1024 * 1024,
  });
}

/**
 * One POST with a JSON body, cut after `timeoutMs` (the whole exchange, body included) or when `signal` aborts.
 * Resolves with any HTTP status; rejects only with AttemptError (no answer at all).
 */
export async function sendAttempt(
  target: AttemptTarget,
  path: string,
  body: unknown,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  clientRequestId?: string,
): Promise<RawAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const response = await request(`${target.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      dispatcher: target.dispatcher,
      headers: {
        authorization: target.authorization,
        'content-type': 'application/json',
        accept: 'application/json',
        // Yandex Cloud logs it with the call: quoting it (and x-request-id) lets support trace one call.
        ...(clientRequestId ? { 'x-client-request-id': clientRequestId } : {}),
      },
      body: JSON.stringify(body),
      signal: combined,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const first = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const text = await response.body.text();
    return { status: response.statusCode, retryAfter: first('retry-after'), requestId: first('x-request-id'), text };
  } catch (cause) {
    throw new AttemptError(timeout.aborted && !signal?.aborted, signal?.aborted ?? false, { cause });
  }
}
