import { DomainError } from '../domain/errors.js';
import { assertJsonTextDepth } from '../face-kit/json-depth.js';
import { asBodySource, type BodySource, MAX_BODY_BYTES, readTextBody } from '../face-kit/request-body.js';
import type { HeaderReader } from '../http/exchange.js';

/** `application/json` with any parameters (charset), in any case; the only media type REST bodies may declare. */
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** True when the body is declared as JSON (any parameters) or not declared at all. */
export function isJsonContentType(headers: HeaderReader): boolean {
  const declared = headers.get('content-type');
  return declared === null || declared.trim() === '' || JSON_MEDIA_TYPE.test(declared.trim());
}

/**
 * Refuses a body declared as anything but JSON (415 naming the header), before reading it: a form or a text
 * body must not be parsed, billed and answered as if it were JSON. No Content-Type at all is accepted.
 */
export function assertJsonContentType(headers: HeaderReader): void {
  if (isJsonContentType(headers)) return;
  const declared = headers.get('content-type') ?? '';
  throw new DomainError(
    'UNSUPPORTED_MEDIA_TYPE',
    `the Content-Type header must be application/json (any charset) or absent, got "${declared.slice(0, 100)}"`,
    { field: 'Content-Type' },
  );
}

/**
 * Reads a request body as JSON, refusing a declared media type other than JSON (415), more than `limit` bytes
 * without buffering past it (413), any body that is not JSON (400), and one nested deeper than MAX_JSON_DEPTH
 * (400 naming the field it is nested in, before anything walks it: json-depth.ts).
 */
export async function readJsonBody(request: BodySource | Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const source = asBodySource(request);
  assertJsonContentType(source.headers);
  return parseJsonText(await readTextBody(source, limit));
}

/** A body already read as text, parsed as readJsonBody does: 400 for an empty, malformed or too deeply nested one. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new DomainError('INVALID_JSON', 'the request body is empty; expected a JSON object', { field: 'body' });
  assertJsonTextDepth(text);
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'malformed';
    throw new DomainError('INVALID_JSON', `the request body is not valid JSON: ${reason}`, { field: 'body' });
  }
}
