import { DomainError } from '../domain/errors.js';

/** Largest request body accepted, on every route. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body as JSON, refusing more than `limit` bytes without buffering past it (413), and any
 * body that is not JSON (400).
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
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
    const { done, value } = await reader.read();
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
