import { DomainError } from '../domain/errors.js';

/** Largest request body accepted, on every route. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** `application/json` with any parameters (charset), in any case; the only media type REST bodies may declare. */
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Refuses a body declared as anything but JSON (415 naming the header), before reading it: a form or a text
 * body must not be parsed, billed and answered as if it were JSON. No Content-Type at all is accepted.
 */
export function assertJsonContentType(request: Request): void {
  const declared = request.headers.get('content-type');
  if (declared === null || declared.trim() === '' || JSON_MEDIA_TYPE.test(declared.trim())) return;
  throw new DomainError(
    'UNSUPPORTED_MEDIA_TYPE',
    `the Content-Type header must be application/json (any charset) or absent, got "${declared.slice(0, 100)}"`,
    { field: 'Content-Type' },
  );
}

/**
 * Reads a request body as JSON, refusing a declared media type other than JSON (415), more than `limit` bytes
 * without buffering past it (413), and any body that is not JSON (400).
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  assertJsonContentType(request);
  const text = await readTextBody(request, limit);
  if (text.trim() === '') throw new DomainError('INVALID_JSON', 'the request body is empty; expected a JSON object', { field: 'body' });
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'malformed';
    throw new DomainError('INVALID_JSON', `the request body is not valid JSON: ${reason}`, { field: 'body' });
  }
}

/** Reads the body as UTF-8 text, at most `limit` bytes. */
export async function readTextBody(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () =>
    new DomainError('PAYLOAD_TOO_LARGE', `the request body is larger than ${limit} bytes`, { field: 'body' });
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      // The server gave up on a trickling body (REQUEST_TIMEOUT; it answers 408 itself).
      if ((error as NodeJS.ErrnoException).code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        throw new DomainError('REQUEST_TIMEOUT', 'the request body did not arrive in time', { field: 'body', cause: error });
      }
      // The body comes from the client only: any other failed read is the client closing mid-body (ECONNRESET,
      // "aborted"), not a fault of ours — no 500, no stack trace.
      throw new DomainError('CLIENT_CLOSED_REQUEST', 'the client closed the connection before sending the whole body', {
        field: 'body',
        cause: error,
      });
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
