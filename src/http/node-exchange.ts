import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyReadError, tooLarge } from './fetch-exchange.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteLengthOf, type HeaderReader, type HttpCall, isStreamBody, type Reply } from './exchange.js';

/**
 * A node:http request as an HttpCall: no Web Request (unless a route asks for one), no stream wrappers, the body
 * read as Buffers.
 */
export function callFromNode(req: IncomingMessage, res: ServerResponse): HttpCall {
  const target = req.url ?? '/';
  const mark = target.indexOf('?');
  return {
    method: req.method ?? 'GET',
    path: mark === -1 ? target : target.slice(0, mark),
    query: new URLSearchParams(mark === -1 ? '' : target.slice(mark + 1)),
    headers: nodeHeaders(req),
    peer: req.socket.remoteAddress,
    readBody: (limit) => readNodeBody(req, limit),
    receivedBody: (limit) => receivedNodeBody(req, limit),
    webRequest: () => webRequestOf(req),
    node: { req, res },
  };
}

/** The request as a Web Request: every header, and the body as a stream unless it was read through readBody. */
function webRequestOf(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD' && !req.readableDidRead;
  const init = { method, headers, ...(withBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}) };
  return new Request(urlOf(req), init as RequestInit);
}

function urlOf(req: IncomingMessage): string {
  const target = req.url ?? '/';
  try {
    return new URL(target, `http://${req.headers.host ?? 'localhost'}`).href;
  } catch {
    return new URL(target, 'http://localhost').href;
  }
}

function nodeHeaders(req: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/**
 * The body when all of it waits, unread, in the request's buffer: the request is complete, or its buffer holds the
 * Content-Length it declared (a small body comes in the packet of its headers; the parser marks the request complete
 * only later). Taken in one `read()`, with no listener and no promise; the stream is then let run to its end, as
 * node:http does with a body nobody reads. Undefined otherwise (then readNodeBody).
 */
export function receivedNodeBody(req: IncomingMessage, limit: number): Buffer | undefined {
  if (req.readableDidRead || req.readableFlowing === true || req.readableLength > limit) return undefined;
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (!req.complete && req.readableLength !== declared) return undefined;
  const data = (req.read() as Buffer | null) ?? Buffer.alloc(0);
  req.resume();
  return data;
}

/**
 * True while a request's body may still be on its way in the packet being parsed: node:http announces a request
 * when its headers are parsed, before the body that came with them. A tick later that body is in the buffer.
 */
export function bodyMayFollow(req: IncomingMessage): boolean {
  const declared = req.headers['content-length'];
  return !req.complete && declared !== undefined && declared !== '0';
}

function readNodeBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      req.off('close', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        cleanup();
        req.resume(); // drain the rest without keeping it; the answer (413) goes out meanwhile
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(bodyReadError(error));
    };
    // The server fails a trickling request with its timeout error (server.ts): `errored` holds it, whichever of
    // 'aborted', 'close' and 'error' comes first; without one, the client went away.
    const onAborted = () => onError(req.errored ?? Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
    req.on('close', onAborted);
  });
}

/**
 * Writes a Reply in one piece; for HEAD, the headers only, with the GET body's Content-Length. A streamed body
 * goes chunked, as fast as the client reads it; a failure mid-stream (the headers are out) ends the connection,
 * so the client sees a cut answer, never a complete-looking one.
 */
export function writeReply(res: ServerResponse, reply: Reply, head: boolean): void {
  const headers = reply.headers;
  if (isStreamBody(reply.body)) {
    res.writeHead(reply.status, headers);
    if (head) {
      res.end();
      return;
    }
    void pipeline(Readable.from(reply.body, { objectMode: false }), res).catch(() => res.destroy());
    return;
  }
  if (!('content-length' in headers)) headers['content-length'] = String(byteLengthOf(reply.body));
  res.writeHead(reply.status, headers);
  res.end(head || reply.body === null ? undefined : reply.body);
}
