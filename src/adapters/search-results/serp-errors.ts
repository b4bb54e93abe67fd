import { DomainError } from '../../domain/errors.js';
import { GRPC, parseGrpcError, parseRefillSeconds, parseRetryAfter } from '../wordstat/wire-errors.js';

/**
 * A non-2xx answer of the Search API (or of the operations API) as the service's error, from its status and the
 * gRPC-gateway body `{code, message, details}` (the code settles a status a proxy rewrote):
 * - 429 or RESOURCE_EXHAUSTED: SOURCE_QUOTA_EXHAUSTED (403) when the message names the quota (the hour's budget of
 *   the folder), else SOURCE_RATE_LIMITED (429); both with the wait the answer states (Retry-After, "time to refill");
 * - 401/403, UNAUTHENTICATED/PERMISSION_DENIED: SOURCE_UNAVAILABLE (our credentials, not the client's fault);
 * - 400/INVALID_ARGUMENT: INVALID_FIELD naming the phrase (the engine refused the query);
 * - 502/503/504/UNAVAILABLE: SOURCE_UNAVAILABLE; other 5xx and anything else: SOURCE_FAILED.
 * Never carries credentials: only the engine's message, `secrets` masked, cut to 200 characters.
 */
export function searchHttpError(status: number, retryAfterHeader: string | undefined, text: string, nowMs: number, secrets: readonly string[] = []): DomainError {
  const { code, message: raw } = parseGrpcError(text);
  // A gateway that echoes the request's headers must not hand our credentials to the client.
  const message = secrets.reduce((text, secret) => (secret ? text.split(secret).join('***') : text), raw);
  const said = message.slice(0, 200);
  if (status === 429 || code === GRPC.RESOURCE_EXHAUSTED) {
    const wait = parseRetryAfter(retryAfterHeader, nowMs) ?? parseRefillSeconds(message);
    const retry = wait === undefined ? {} : { retryAfterSeconds: wait };
    if (/quota/i.test(message)) return new DomainError('SOURCE_QUOTA_EXHAUSTED', `the web search quota is spent: ${said}`, retry);
    return new DomainError('SOURCE_RATE_LIMITED', `web search is rate-limited${said ? `: ${said}` : ''}`, retry);
  }
  if (status === 401 || status === 403 || code === GRPC.UNAUTHENTICATED || code === GRPC.PERMISSION_DENIED) {
    return new DomainError('SOURCE_UNAVAILABLE', 'web search is not configured correctly (credentials or folder refused)');
  }
  if (status === 400 || code === GRPC.INVALID_ARGUMENT) {
    return new DomainError('INVALID_FIELD', `web search refused the query: ${said || `HTTP ${status}`}`, { field: 'phrase' });
  }
  if (status === 502 || status === 503 || status === 504 || code === GRPC.UNAVAILABLE) {
    return new DomainError('SOURCE_UNAVAILABLE', `web search is unavailable: ${said || `HTTP ${status}`}`);
  }
  return new DomainError('SOURCE_FAILED', `web search failed: ${said ? `${said} ` : ''}(HTTP ${status})`);
}

/** A finished operation's `error {code, message}` (google.rpc.Status) as the service's error. */
export function operationError(error: { code?: number | undefined; message?: string | undefined }): DomainError {
  const code = error.code ?? GRPC.INTERNAL;
  const status = code === GRPC.RESOURCE_EXHAUSTED ? 429 : code === GRPC.INVALID_ARGUMENT ? 400 : code === GRPC.UNAVAILABLE ? 503 : 500;
  return searchHttpError(status, undefined, JSON.stringify({ code, message: error.message ?? '' }), Date.now());
}

/** The answer is not a results page we can read (bad JSON, a captcha, an unknown layout): never empty results. */
export function unreadablePage(reason: string): DomainError {
  return new DomainError('SOURCE_FAILED', `web search answered a page that cannot be read: ${reason}`);
}
