import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface HttpServerOptions {
  /** The whole request (headers and body) must arrive within this many ms, or it ends with 408 (REQUEST_TIMEOUT). */
  requestTimeoutMs: number;
  /** Idle keep-alive connections are kept this long; above a load balancer's idle timeout (often 60 s). */
  keepAliveTimeoutMs?: number;
}

/**
 * Pending connections the kernel queues before accept(); Node's default is 511. When 1,000 clients connect at
 * once, the SYNs past the queue are dropped and retried by the client after 1 s, 3 s, 7 s… — the requests that
 * "waited 10 s". Linux caps it at net.core.somaxconn (4096 on current kernels).
 */
export const LISTEN_BACKLOG = 4096;

/** The headers alone get at most this long (never more than the whole request), against slowloris. */
const MAX_HEADERS_TIMEOUT_MS = 15_000;

/**
 * The node:http server of the service, with its deadlines set explicitly: a client trickling its headers or
 * body (one byte every 10 s kept a connection open for minutes) gets 408 once `requestTimeoutMs` has passed.
 * The deadlines are checked every second at most (Node's default is every 30 s, too coarse for a short limit).
 * The request being read when its deadline passes is failed with the timeout error, so the handler sees a 408
 * cause rather than a plain client abort.
 */
export function createHttpServer(listener: RequestListener, options: HttpServerOptions): Server {
  const requestTimeout = options.requestTimeoutMs;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, MAX_HEADERS_TIMEOUT_MS),
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 65_000,
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestTimeout / 4))),
    },
    listener,
  );
  const reading = new WeakMap<Socket, IncomingMessage>();
  server.on('request', (req: IncomingMessage) => {
    reading.set(req.socket, req);
    req.once('end', () => reading.delete(req.socket));
  });
  // Node's own handling, plus failing the request in progress with the timeout error first.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.writable && socket.bytesWritten === 0) {
      socket.write(error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? TIMEOUT_RESPONSE : error.code === 'HPE_HEADER_OVERFLOW' ? HEADERS_TOO_LARGE : BAD_REQUEST);
    }
    // After the write: failing the request destroys its socket too.
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') reading.get(socket)?.destroy(error);
    socket.destroy(error);
  });
  return server;
}

const TIMEOUT_RESPONSE = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
const HEADERS_TOO_LARGE = 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
