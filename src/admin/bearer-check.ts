import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * A check of `Authorization: Bearer <token>` against one configured token, in constant time: both sides are
 * hashed first, so neither the token's bytes nor its length shape the time a wrong guess takes.
 */
export function createBearerCheck(token: string): (request: Request) => boolean {
  const expected = digest(`Bearer ${token}`);
  return (request) => timingSafeEqual(digest((request.headers.get('authorization') ?? '').trim()), expected);
}
