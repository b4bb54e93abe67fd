import { DomainError } from '../domain/errors.js';
import type { HeaderReader, HttpCall } from '../http/exchange.js';
import { callFromFetch } from '../http/fetch-exchange.js';

/** Largest request body accepted, on every route. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** `application/json` with any parameters (charset), in any case; the only media type REST bodies may declare. */
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Refuses a body declared as anything but JSON (415 naming the header), before reading it: a form or a text
 * body must not be parsed, billed and answered as if it were JSON. No Content-Type at all is accepted.
 */
export function assertJsonContentType(headers: HeaderReader): void {
  const declared = headers.get('content-type');
  if (declared === null || declared.trim() === '' || JSON_MEDIA_TYPE.test(declared.trim())) return;
  throw new DomainError(
    'UNSUPPORTED_MEDIA_TYPE',
    `the Content-Type header must be application/json (any charset) or absent, got "${declared.slice(0, 100)}"`,
    { field: 'Content-Type' },
  );
}

/** A request whose body can be read: an HttpCall, or a Web Request through `callFromFetch`. */
type BodySource = Pick<HttpCall, 'headers' | 'readBody'>;

const asSource = (request: BodySource | Request): BodySource => ('readBody' in request ? request : callFromFetch(request));

/**
 * Reads a request body as JSON, refusing a declared media type other than JSON (415), more than `limit` bytes
 * without buffering past it (413), and any body that is not JSON (400).
 */
export async function readJsonBody(request: BodySource | Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const source = asSource(request);
  assertJsonContentType(source.headers);
  const text = await readTextBody(source, limit);
  if (text.trim() === '') throw new DomainError('INVALID_JSON', 'the request body is empty; expected a JSON object', { field: 'body' });
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'malformed';
    throw new DomainError('INVALID_JSON', `the request body is not valid JSON: ${reason}`, { field: 'body' });
  }
}

/** Reads the body as UTF-8 text, at most `limit` bytes. */
export async function readTextBody(request: BodySource | Request, limit = MAX_BODY_BYTES): Promise<string> {
  return (await asSource(request).readBody(limit)).toString('utf8');
}
