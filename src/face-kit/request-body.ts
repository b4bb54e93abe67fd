import type { HttpCall } from '../http/exchange.js';
import { callFromFetch } from '../http/fetch-exchange.js';

// Shared by every face that reads a request body (REST, GraphQL, MCP, admin), so none of them imports another
// face's internals for it.

/** Largest request body accepted, on every route. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A request whose body can be read: an HttpCall, or a Web Request through `callFromFetch`. */
export type BodySource = Pick<HttpCall, 'headers' | 'readBody'>;

/** The request as a BodySource (a Web Request through `callFromFetch`). */
export const asBodySource = (request: BodySource | Request): BodySource => ('readBody' in request ? request : callFromFetch(request));

/** The body as UTF-8 text when it has all arrived and can be had without waiting (HttpCall.receivedBody), else undefined. */
export function receivedText(call: Pick<HttpCall, 'receivedBody'>, limit = MAX_BODY_BYTES): string | undefined {
  return call.receivedBody?.(limit)?.toString('utf8');
}

/** Reads the body as UTF-8 text, at most `limit` bytes. */
export async function readTextBody(request: BodySource | Request, limit = MAX_BODY_BYTES): Promise<string> {
  return (await asBodySource(request).readBody(limit)).toString('utf8');
}
