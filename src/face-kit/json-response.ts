// Yoga's own Response class (the one its server adapter writes natively): a string body goes to the socket in
// one write. The global (undici) Response would hand node:http a web stream to pump, at twice the cost of a hit.
import { Response } from '@whatwg-node/fetch';

/** A JSON Web Response, for what answers inside Yoga (GraphQL's own errors, before execution). */
export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}, contentType = 'application/json; charset=utf-8'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType, ...headers } });
}
