import { DomainError } from '../../domain/errors.js';
import { hashKey, type KeyStore } from '../../ports/key-store.js';
import type { AccessTokenVerifier } from './access-tokens.js';
import type { Authenticator, Principal } from './authenticator.js';

export interface AccessTokenOptions {
  verifier: AccessTokenVerifier;
  /** The API key a token's subject acts as, or undefined when the subject is mapped to no active key. */
  principalOf(subject: string): Promise<Principal | undefined>;
  /** Where this resource's metadata is (RFC 9728), named in every 401's challenge. */
  resourceMetadataUrl: string;
}

/** A Bearer value shaped like a JWS compact serialization (three base64url parts); an API key never has this shape by accident. */
const JWT_BEARER = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)\s*$/i;

/**
 * API keys as before, and beside them OAuth access tokens: a Bearer value shaped like a JWT is verified as a
 * token (access-tokens.ts) and, when valid, acts as the API key its subject is mapped to, so its requests are
 * scoped, charged and written to the ledger exactly as that key's. A JWT-shaped value that is not a valid,
 * mapped token is then tried as an API key (a static key may have dots), which also counts it as a wrong
 * credential of the peer: a flood of bad tokens meets the same throttle as a flood of bad keys. Every 401 says
 * where the resource metadata is (`challenge`).
 */
export function withAccessTokens(keys: Authenticator, options: AccessTokenOptions): Authenticator {
  return {
    challenge: `Bearer resource_metadata="${options.resourceMetadataUrl}"`,
    // A token is verified first (authenticate); any other Bearer value is an API key as before.
    known: (authorization) => (authorization && JWT_BEARER.test(authorization) ? undefined : keys.known?.(authorization)),
    async authenticate(authorization, peer) {
      const token = authorization ? JWT_BEARER.exec(authorization)?.[1] : undefined;
      if (token) {
        const claims = await options.verifier.verify(token);
        const principal = claims ? await options.principalOf(claims.subject) : undefined;
        if (principal) return principal;
      }
      return keys.authenticate(authorization, peer);
    },
  };
}

/**
 * Token subjects to API keys (OAUTH_SUBJECT_KEYS): a subject acts as the key whose id it is mapped to while that
 * key is active. Keys of API_KEYS are always active (their ids are `env-` and the first 12 hex digits of their
 * SHA-256, as the authenticator names them); an issued key is asked of the store by id on each token, so a
 * revocation applies to the next request.
 */
export function createSubjectPrincipals(
  mapping: ReadonlyMap<string, string>,
  staticKeys: readonly string[],
  store?: KeyStore,
): (subject: string) => Promise<Principal | undefined> {
  const staticIds = new Set(staticKeys.map((key) => `env-${hashKey(key).slice(0, 12)}`));
  return async (subject) => {
    const keyId = mapping.get(subject);
    if (keyId === undefined) return undefined;
    if (staticIds.has(keyId)) return { keyId, name: 'API_KEYS' };
    let found;
    try {
      found = await store?.findActiveById?.(keyId);
    } catch (error) {
      throw new DomainError('SERVICE_UNAVAILABLE', 'the API key store is unreachable; retry shortly', { retryAfterSeconds: 5, cause: error });
    }
    return found ? { keyId: found.id, name: found.name } : undefined;
  };
}
