import { type Dispatcher, request } from 'undici';
import type { z } from 'zod';

/**
 * Reads an HTTP response body as UTF-8 text, at most `maxBytes`: an answer that grows past the limit is cut
 * off (the stream destroyed) and reported as `undefined`, so a misbehaving upstream cannot fill our memory.
 */
export async function readLimitedText(
  body: AsyncIterable<Uint8Array> & { destroy?(error?: Error): unknown },
  maxBytes: number,
): Promise<string | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      body.destroy?.();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Drains and discards a body we do not read (undici keeps the connection busy until it is consumed). */
export async function discardBody(body: { dump?(opts?: { limit: number }): Promise<void> }): Promise<void> {
  try {
    await body.dump?.({ limit: 64 * 1024 });
  } catch {
    // The connection is closed instead; nothing to report.
  }
}

/** True for the errors undici and AbortSignal.timeout raise when a deadline passes. */
export function isTimeoutError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    error.name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    (error.name === 'AbortError' && (error as { cause?: { name?: string } }).cause?.name === 'TimeoutError')
  );
}

/** POSTs a JSON body with one deadline for connecting, headers and body alike (undici's `request`). */
export function postJson(
  url: string,
  options: { headers: Record<string, string>; body: unknown; dispatcher: Dispatcher; timeoutMs: number },
): Promise<Dispatcher.ResponseData> {
  return request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
    body: JSON.stringify(options.body),
    dispatcher: options.dispatcher,
    signal: AbortSignal.timeout(options.timeoutMs),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
}

/** A JSON body checked against a schema: its data, or why it could not be read (the caller words the error). */
export function parseJsonAs<S extends z.ZodType>(text: string, schema: S): { data: z.output<S> } | { problem: 'not-json' | 'bad-shape' } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'not-json' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { data: parsed.data } : { problem: 'bad-shape' };
}
