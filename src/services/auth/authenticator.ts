import { createHash, timingSafeEqual } from 'node:crypto';
import { API_KEY_CHARS } from '../../domain/api-key-format.js';
import { DomainError } from '../../domain/errors.js';
import type { KeyChangeFeed } from '../../ports/key-changes.js';
import type { KeyStore } from '../../ports/key-store.js';
import { createKeyLookupCache, type KeyLookupCache } from './key-lookup-cache.js';
import { createSingleFlight } from '../../domain/single-flight.js';

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

export interface AuthenticatorOptions {
  /** What was learnt about presented digests (default: a fresh bounded cache). */
  cache?: KeyLookupCache<Principal>;
  /**
   * Key changes from every process sharing the store. Issued keys are cached only while this feed is live: without
   * it (or while it is down) nobody would tell this process of a revocation, so every request asks the store.
   */
  changes?: KeyChangeFeed;
}

const BEARER = new RegExp(`^Bearer\\s+(${API_KEY_CHARS})\\s*$`, 'i');

/**
 * Static keys (API_KEYS) compared in constant time, then the key store if there is one. Answers are cached by
 * digest: unknown digests for a few seconds, so a bad-key flood does not become one store query per request, and
 * issued keys while the change feed is live, so a served key costs no database round trip. Concurrent lookups of
 * one digest share one query.
 */
export function createAuthenticator(staticKeys: readonly string[], store?: KeyStore, options: AuthenticatorOptions = {}): Authenticator {
  const cache = options.cache ?? createKeyLookupCache<Principal>();
  const changes = options.changes;
  const inFlight = createSingleFlight<string, Principal | undefined>();
  // Bumped by every change: a lookup that started before one may have read the key's old state, so its answer
  // is used for its own callers but not remembered, and later callers do not join it.
  let epoch = 0;
  const invalidate = (apply: () => void) => {
    epoch++;
    inFlight.clear();
    apply();
  };
  changes?.subscribe({
    onChange: (change) => invalidate(() => (change.kind === 'revoked' ? cache.forgetKey(change.keyId) : cache.forgetUnknown())),
    onGap: () => invalidate(() => cache.clear()),
  });
  const cachesKnown = () => changes?.isLive() === true;

  const lookUp = (digest: string): Promise<Principal | undefined> => {
    return inFlight.run(digest, async () => {
      const startedIn = epoch;
      const found = await store!.findActiveByHash(digest);
      const principal = found ? { keyId: found.id, name: found.name } : undefined;
      if (epoch === startedIn) {
        if (!principal) cache.rememberUnknown(digest);
        else if (cachesKnown()) cache.rememberKnown(digest, principal);
      }
      return principal;
    });
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
      // Looked up by digest, as the store's unique index does: how long finding a digest takes says nothing
      // about any key (SHA-256 has no usable preimages).
      const digest = presented.toString('hex');
      const remembered = cache.get(digest);
      if (remembered === null) return undefined;
      if (remembered && cachesKnown()) return remembered;
      try {
        return await lookUp(digest);
      } catch (error) {
        throw new DomainError('SERVICE_UNAVAILABLE', 'the API key store is unreachable; retry shortly', {
          retryAfterSeconds: 5,
          cause: error,
        });
      }
    },
  };
}
