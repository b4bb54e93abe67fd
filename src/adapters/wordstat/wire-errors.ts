import { DomainError } from '../../domain/errors.js';

/** gRPC status codes the gateway puts in `code` (google.rpc.Code). */
export const GRPC = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

/** What one failed attempt means for the retry loop. */
export type AttemptFailure =
  /** Retrying cannot help (bad request, bad credentials, unexpected status). */
  | { kind: 'fatal'; error: DomainError; misconfigured?: boolean }
  /** A network error, timeout or 5xx: retry with backoff; `error` is what the caller gets if retries run out. */
  | { kind: 'transient'; error: DomainError }
  /** Upstream 429 / RESOURCE_EXHAUSTED; `waitSeconds` when the answer says how long (header or message). */
  | { kind: 'rate-limited'; waitSeconds: number | undefined; message: string };

interface GrpcErrorBody {
  code: number | undefined;
  message: string;
}

/** Reads `{code, message, details}` leniently: an HTML error page or garbage still yields a usable message. */
export function parseGrpcError(text: string): GrpcErrorBody {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { code, message } = body as { code?: unknown; message?: unknown };
      return {
        code: typeof code === 'number' ? code : undefined,
        message: typeof message === 'string' ? message : '',
      };
    }
  } catch {
    // not JSON: fall through
  }
  return { code: undefined, message: text.slice(0, 200).trim() };
}

/** `Retry-After` as delay-seconds or an HTTP-date (RFC 9110); undefined when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** The wait Yandex spells out in a RESOURCE_EXHAUSTED message: "… Time to refill: 37 seconds". */
export function parseRefillSeconds(message: string): number | undefined {
  const match = /time to refill:?\s*(\d+(?:\.\d+)?)\s*(s|sec|secs|second|seconds)?\b/i.exec(message);
  return match ? Math.ceil(Number(match[1])) : undefined;
}

function describe(message: string, status: number): string {
  return message ? `${message} (HTTP ${status})` : `HTTP ${status}`;
}

/**
 * Classifies a non-2xx answer. Status decides first; the gRPC `code` in the body settles answers whose status
 * a proxy may have rewritten.
 */
export function classifyHttpFailure(
  status: number,
  retryAfterHeader: string | undefined,
  text: string,
  nowMs: number,
): AttemptFailure {
  const { code, message } = parseGrpcError(text);
  if (status === 429 || code === GRPC.RESOURCE_EXHAUSTED) {
    const waitSeconds = parseRetryAfter(retryAfterHeader, nowMs) ?? parseRefillSeconds(message);
    return { kind: 'rate-limited', waitSeconds, message };
  }
  if (status === 401 || status === 403 || code === GRPC.UNAUTHENTICATED || code === GRPC.PERMISSION_DENIED) {
    return {
      kind: 'fatal',
      misconfigured: true,
      error: new DomainError('SOURCE_UNAVAILABLE', 'Wordstat source not configured correctly'),
    };
  }
  if (status === 400 || code === GRPC.INVALID_ARGUMENT) {
    // The request itself is what Wordstat refuses (an operator it does not take, a window it does not cover):
    // the client's 400, with Wordstat's reason in plain words instead of a 500 with gRPC's raw text.
    return {
      kind: 'fatal',
      error: new DomainError('INVALID_FIELD', `Wordstat refused the request: ${cleanGrpcMessage(message) || `HTTP ${status}`}`),
    };
  }
  if (status === 502 || status === 503 || status === 504 || code === GRPC.UNAVAILABLE) {
    return {
      kind: 'transient',
      error: new DomainError('SOURCE_UNAVAILABLE', `Wordstat is unavailable: ${describe(message, status)}`),
    };
  }
  if (status >= 500) {
    return {
      kind: 'transient',
      error: new DomainError('SOURCE_FAILED', `Wordstat failed: ${describe(message, status)}`),
    };
  }
  return {
    kind: 'fatal',
    error: new DomainError('SOURCE_FAILED', `Wordstat answered unexpectedly: ${describe(message, status)}`),
  };
}

/** A request that never got an answer: refused, reset, timed out. Always worth another try. */
export function classifyNetworkFailure(cause: unknown, timedOut: boolean): AttemptFailure {
  const reason = timedOut
    ? 'request timed out'
    : cause instanceof Error
      ? ((cause as { code?: string }).code ?? cause.name)
      : 'network error';
  return {
    kind: 'transient',
    error: new DomainError('SOURCE_UNAVAILABLE', `Wordstat is unreachable: ${reason}`, { cause }),
  };
}

/** gRPC's wrapping of a reason, "rpc error: code = InvalidArgument desc = …", down to the reason. */
export function cleanGrpcMessage(message: string): string {
  return message
    .replace(/^(?:\s*rpc error:\s*code\s*=\s*\w+\s*desc\s*=\s*)+/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/** The HTTP status a gateway would have sent with a gRPC code (google.rpc.Code → HTTP, as grpc-gateway maps it). */
export function httpStatusOfGrpc(code: number): number {
  switch (code) {
    case GRPC.INVALID_ARGUMENT:
    case GRPC.FAILED_PRECONDITION:
      return 400;
    case GRPC.UNAUTHENTICATED:
      return 401;
    case GRPC.PERMISSION_DENIED:
      return 403;
    case GRPC.NOT_FOUND:
      return 404;
    case GRPC.RESOURCE_EXHAUSTED:
      return 429;
    case GRPC.UNIMPLEMENTED:
      return 501;
    case GRPC.UNAVAILABLE:
      return 503;
    default:
      return 500;
  }
}

/**
 * An error body sent with a 2xx status (`{"code": 8, "message": "…"}`, as some proxies and gateway versions do):
 * its gRPC code when it is one, else undefined. Read as an answer, such a body parsed as "no demand" and was cached.
 */
export function errorInSuccess(text: string): number | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  return typeof code === 'number' && code !== 0 && typeof message === 'string' ? code : undefined;
}
