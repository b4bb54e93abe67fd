import { claimsModernEra } from './eras.js';

/**
 * One stdio connection, two protocol eras: the opening request chooses. A request that carries the 2026-07-28
 * `_meta` envelope (its protocol-version claim; `server/discover` is always sent with it) pins the connection
 * to the modern era, served by the v2 SDK (modern.ts); anything else (`initialize`, a claim-less request) pins
 * it to the 2025 era, served by the 1.x Server exactly as before. The line reading, parsing and the answers to
 * lines that are not JSON-RPC stay with the one stdio transport in front of both (stdio.ts).
 */

type Message = { method?: unknown; id?: unknown; params?: unknown } & Record<string, unknown>;


/** A request (has a method and an id), not a notification or a response. */
const isRequest = (message: Message) => typeof message.method === 'string' && message.id !== undefined && message.id !== null;

/**
 * A transport for a server behind the router: what the router hands it arrives as its messages, what it sends
 * goes to the real transport. Messages handed over before the server started are kept and delivered in order.
 */
export class PipeTransport {
  onmessage?: ((message: never, extra?: unknown) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  private started = false;
  private readonly queued: Message[] = [];

  constructor(private readonly out: { send(message: never): Promise<void> }) {}

  start(): Promise<void> {
    this.started = true;
    // Delivered after start() returns: the server finishes connecting first, then reads its first message.
    queueMicrotask(() => this.queued.splice(0).forEach((message) => this.onmessage?.(message as never)));
    return Promise.resolve();
  }

  deliver(message: Message): void {
    if (this.started && this.queued.length === 0) this.onmessage?.(message as never);
    else this.queued.push(message);
  }

  send(message: unknown): Promise<void> {
    return this.out.send(message as never);
  }

  close(): Promise<void> {
    this.onclose?.();
    return Promise.resolve();
  }
}

export type Era = 'legacy' | 'modern';

/**
 * Routes the messages of one stdio connection to the era its opening request chose. `open` connects the era's
 * server to the pipe it is given (once). Notifications before the opening request have nobody to go to and
 * are dropped, as the v2 SDK drops them.
 */
export function createEraRouter(open: (era: Era, pipe: PipeTransport) => Promise<void>, out: { send(message: never): Promise<void> }) {
  let pipe: PipeTransport | undefined;
  let opened: Promise<void> | undefined;
  return {
    route(message: Message): void {
      if (!pipe) {
        if (!isRequest(message)) return;
        pipe = new PipeTransport(out);
        opened = open(claimsModernEra(message) ? 'modern' : 'legacy', pipe);
      }
      pipe.deliver(message);
    },
    async close(): Promise<void> {
      await opened?.catch(() => undefined);
    },
  };
}
