import { createHash, timingSafeEqual } from 'node:crypto';
import type { HeaderReader } from '../http/exchange.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** `Bearer <token>` with the scheme in any case (RFC 7235: auth schemes are case-insensitive). */
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * A check of `Authorization: Bearer <token>` against one configured token, in constant time: both sides are
 * hashed first, so neither the token's bytes nor its length shape the time a wrong guess takes.
 */
export function createBearerCheck(token: string): (headers: HeaderReader) => boolean {
  const expected = digest(token);
  return (headers) => {
    const given = BEARER.exec(headers.get('authorization') ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(given), expected);
  };
}
