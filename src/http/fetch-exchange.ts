// Yoga's own Response class: its server adapter writes a string body natively, in one write (a global undici
// Response would hand node:http a web stream to pump).
import { Response } from '@whatwg-node/fetch';
import { DomainError } from '../domain/errors.js';
import { byteLengthOf, type HttpCall, isStreamBody, type Reply } from './exchange.js';

/** A Web-standard Request as an HttpCall (tests, tools, `App.fetch`). */
export function callFromFetch(request: Request, peer?: string): HttpCall {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    headers: request.headers,
    peer,
    readBody: (limit) => readStream(request, limit),
    webRequest: () => request,
  };
}

/** Bodies of these types are events sent as they happen: passed on as a stream, never buffered. */
const STREAMED = /^(text\/event-stream|multipart\/mixed)/i;

/**
 * A Web Response (from a library that answers with one: Yoga) as a Reply: status, headers, and the body in one
 * piece (its Content-Length kept), or streamed when it is a stream of events.
 */
export async function replyFromResponse(response: Response): Promise<Reply> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (!response.body) return { status: response.status, headers, body: null };
  if (STREAMED.test(headers['content-type'] ?? '')) {
    delete headers['content-length'];
    return { status: response.status, headers, body: response.body as unknown as AsyncIterable<Uint8Array> };
  }
  const body = new Uint8Array(await response.arrayBuffer());
  headers['content-length'] = String(body.byteLength);
  return { status: response.status, headers, body };
}

/** A Reply as a Web-standard Response; for HEAD, no body but the GET body's Content-Length. */
export function replyToResponse(reply: Reply, head = false): Response {
  if (isStreamBody(reply.body)) {
    // Pulled as the reader reads: a chunk is produced only when asked for.
    const chunks = reply.body[Symbol.asyncIterator]();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return?.();
      },
    });
    return new Response(head ? null : (stream as BodyInit), { status: reply.status, headers: reply.headers });
  }
  // A Buffer body is a Uint8Array over Node's pool, which the DOM typings do not name as BodyInit.
  if (!head) return new Response(reply.body as BodyInit | null, { status: reply.status, headers: reply.headers });
  const headers = { ...reply.headers };
  headers['content-length'] ??= String(byteLengthOf(reply.body));
  return new Response(null, { status: reply.status, headers });
}

/** Reads a Web body, at most `limit` bytes, failing as HttpCall.readBody says. */
async function readStream(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw bodyReadError(error);
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function tooLarge(limit: number): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', `the request body is larger than ${limit} bytes`, { field: 'body' });
}

/**
 * A failed body read: the server gave up on a trickling body (REQUEST_TIMEOUT; it answers 408 itself), or the
 * client closed mid-body (ECONNRESET, "aborted") — not a fault of ours, so no 500 and no stack trace.
 */
export function bodyReadError(error: unknown): DomainError {
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new DomainError('REQUEST_TIMEOUT', 'the request body did not arrive in time', { field: 'body', cause: error });
  }
  return new DomainError('CLIENT_CLOSED_REQUEST', 'the client closed the connection before sending the whole body', { field: 'body', cause: error });
}
