import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonBytes } from './json-bytes.js';

/**
 * One HTTP request and its answer, independent of the server that carries them: node:http in production
 * (node-exchange.ts), the Web-standard fetch API in tests and tools (fetch-exchange.ts). The REST and system
 * routes are written against these, so both carriers run the same pipeline.
 */

/** Read access to request headers (names in any case); a subset of the Web `Headers`. */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface HttpCall {
  /** Upper case, as sent. */
  method: string;
  /** The path as sent, without the query string (not decoded). */
  path: string;
  query: URLSearchParams;
  headers: HeaderReader;
  /** The socket's peer address (undefined when the call did not come over a socket: tests, tools). */
  peer?: string | undefined;
  /**
   * The whole body, at most `limit` bytes: PAYLOAD_TOO_LARGE past it (without buffering the rest),
   * CLIENT_CLOSED_REQUEST when the client went away mid-body, REQUEST_TIMEOUT when the server gave up on it.
   */
  readBody(limit: number): Promise<Buffer>;
  /**
   * The whole body at once, when it has already arrived and nothing has read it (and it is within `limit`), else
   * undefined: then readBody, which waits and says what went wrong. The kept answers use it to answer without a
   * promise. Absent where a carrier cannot tell (fetch).
   */
  receivedBody?(limit: number): Buffer | undefined;
  /**
   * The request as a Web Request (method as sent, URL, every header, the unread body), for a library that takes
   * one (the MCP SDK's transport) or a check that reads every header (the explorer's). The body is read through
   * this or through readBody, never both.
   */
  webRequest(): Request;
  /** The node:http request and response, when the call came over node:http: Yoga's adapter reads them natively. */
  node?: { req: IncomingMessage; res: ServerResponse } | undefined;
}

/**
 * An answer: status, headers (lower-case names) and a body written in one piece, or streamed: chunks written as
 * they are produced, with the socket's backpressure (a task's 10,000-row file read from the database page by
 * page), sent chunked with no Content-Length. A stream is iterated only once and only for a GET.
 */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null | AsyncIterable<Uint8Array>;
}

/** True for a streamed body. */
export const isStreamBody = (body: Reply['body']): body is AsyncIterable<Uint8Array> =>
  body !== null && typeof body === 'object' && Symbol.asyncIterator in body;

/** A JSON answer, as UTF-8 bytes; frozen (shared, cached) parts of the body are encoded once (json-bytes.ts). */
export function jsonReply(body: unknown, status = 200, headers: Record<string, string> = {}, contentType = 'application/json; charset=utf-8'): Reply {
  return { status, headers: { 'content-type': contentType, ...headers }, body: jsonBytes(body) };
}

/** The body's length in bytes, as Content-Length states it (HEAD answers state the GET body's length). */
export function byteLengthOf(body: Exclude<Reply['body'], AsyncIterable<Uint8Array>>): number {
  if (body === null) return 0;
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}
