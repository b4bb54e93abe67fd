import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../domain/errors.js';
import type { KeyStore, StoredKey } from '../../ports/key-store.js';
import { createUnknownKeyCache, type UnknownKeyCache } from './unknown-key-cache.js';

/** Who is calling: a key id safe to log and to bill against (never the key). */
export interface Principal {
  keyId: string;
  name: string;
}

export interface Authenticator {
  /**
   * The principal for an `Authorization` header value, or undefined when missing, malformed or unknown;
   * throws SERVICE_UNAVAILABLE when the key store cannot be asked.
   */
  authenticate(authorization: string | null | undefined): Promise<Principal | undefined>;
}

/** SHA-256 hex digest of a key: the only form in which keys are kept or compared. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

const BEARER = /^Bearer\s+([\x21-\x7e]{8,512})\s*$/i;

/**
 * Static keys (API_KEYS) compared in constant time, then the key store if there is one. Digests the store did
 * not know are remembered for a few seconds (`unknownKeys`), and concurrent lookups of one digest share one
 * query, so a bad-key flood does not become one store query per request.
 */
export function createAuthenticator(
  staticKeys: readonly string[],
  store?: KeyStore,
  unknownKeys: UnknownKeyCache = createUnknownKeyCache(),
): Authenticator {
  const inFlight = new Map<string, Promise<StoredKey | undefined>>();
  const lookUp = (digest: string): Promise<StoredKey | undefined> => {
    let pending = inFlight.get(digest);
    if (!pending) {
      pending = store!.findActiveByHash(digest).then((found) => {
        if (!found) unknownKeys.remember(digest);
        return found;
      });
      const settled = pending.finally(() => inFlight.delete(digest));
      settled.catch(() => {}); // the caller handles the failure through `pending`
      inFlight.set(digest, pending);
    }
    return pending;
  };
  const digests = staticKeys.map((key) => {
    const digest = createHash('sha256').update(key, 'utf8').digest();
    return { digest, principal: { keyId: `env-${digest.toString('hex').slice(0, 12)}`, name: 'API_KEYS' } };
  });
  return {
    async authenticate(authorization) {
      const match = authorization ? BEARER.exec(authorization) : null;
      if (!match) return undefined;
      const presented = createHash('sha256').update(match[1]!, 'utf8').digest();
      // Compare with every static key so the time taken does not tell which one matched.
      let found: Principal | undefined;
      for (const candidate of digests) {
        if (timingSafeEqual(candidate.digest, presented)) found = candidate.principal;
      }
      if (found) return found;
      if (!store) return undefined;
      const digest = presented.toString('hex');
      if (unknownKeys.has(digest)) return undefined;
      let stored;
      try {
        stored = await lookUp(digest);
      } catch (error) {
        throw new DomainError('SERVICE_UNAVAILABLE', 'the API key store is unreachable; retry shortly', {
          retryAfterSeconds: 5,
          cause: error,
        });
      }
      return stored ? { keyId: stored.id, name: stored.name } : undefined;
    },
  };
}
