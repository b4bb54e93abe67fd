import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { DomainError } from '../../domain/errors.js';
import type { TokenKeySource } from '../../ports/token-keys.js';

/**
 * The only signature algorithms accepted. Asymmetric, so the issuer's public keys verify and cannot sign: never
 * `none` (jose refuses unsecured tokens in jwtVerify anyway) and never an HMAC (HS256 "signed" with the public
 * key is the classic confusion). jose checks the header's alg against this list before any key is looked up, so
 * a refused alg costs no key fetch.
 */
export const ACCESS_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const;

export interface AccessTokenVerifierOptions {
  /** The `iss` every token must carry (OAUTH_ISSUER). */
  issuer: string;
  /** The `aud` every token must carry (one of): this service's resource identifier (OAUTH_RESOURCE). */
  audience: string;
  keys: TokenKeySource;
  now?: () => number;
  /**
   * Least time between two fetches of the key set, whatever asks for it (default 30 s): a token with an unknown
   * `kid` makes us look again for a rotated key, but a stream of random kids costs the issuer one fetch per
   * cooldown, not one per token.
   */
  refetchCooldownMs?: number;
  /** How long a fetched key set is used before it is fetched again on the next token (default 10 min). */
  maxAgeMs?: number;
  /** Leeway for `exp` and `nbf`, in seconds (default 5: clocks of two machines differ a little). */
  clockToleranceSeconds?: number;
}

/** What a valid access token says of its bearer. */
export interface TokenClaims {
  subject: string;
}

export interface AccessTokenVerifier {
  /**
   * The claims of a valid token (signature by a key of the issuer's set, alg allowed, iss, aud, exp, nbf); undefined
   * for any other. Throws SERVICE_UNAVAILABLE when no key set could be had at all (the issuer unreachable).
   */
  verify(token: string): Promise<TokenClaims | undefined>;
  /** How many times the key set was asked for (tests count them). */
  readonly fetches: number;
}

interface KeySet {
  fetchedAt: number;
  find: JWTVerifyGetKey;
}

const NO_MATCHING_KEY = 'ERR_JWKS_NO_MATCHING_KEY';

/** Verifies JWT access tokens against the issuer's JWKS, fetched on first use and kept (see the options). */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const now = options.now ?? Date.now;
  const cooldownMs = options.refetchCooldownMs ?? 30_000;
  const maxAgeMs = options.maxAgeMs ?? 600_000;
  let current: KeySet | undefined;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;
  let fetches = 0;

  /** Fetches the set unless one is being fetched (then joins it) or the last attempt was within the cooldown. */
  const refresh = (): Promise<void> => {
    if (loading) return loading;
    if (now() - lastAttempt < cooldownMs) return Promise.resolve();
    lastAttempt = now();
    fetches++;
    loading = options.keys
      .load()
      .then(
        (set) => {
          current = { fetchedAt: now(), find: createLocalJWKSet(set as JSONWebKeySet) };
        },
        () => {
          // Kept: the set we had (an issuer that is down for a moment does not void its keys).
        },
      )
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  const findKey: JWTVerifyGetKey = async (header, token) => {
    if (!current || now() - current.fetchedAt >= maxAgeMs) await refresh();
    if (!current) throw new DomainError('SERVICE_UNAVAILABLE', 'the OAuth issuer\'s signing keys cannot be fetched; retry shortly', { retryAfterSeconds: 5 });
    try {
      return await current.find(header, token);
    } catch (error) {
      if ((error as { code?: unknown }).code !== NO_MATCHING_KEY) throw error;
      // An unknown kid: perhaps the issuer rotated its keys. Look again, within the cooldown's limit.
      const before = current;
      await refresh();
      if (current === before) throw error;
      return current.find(header, token);
    }
  };

  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, findKey, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: [...ACCESS_TOKEN_ALGORITHMS],
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
          clockTolerance: options.clockToleranceSeconds ?? 5,
        });
        return typeof payload.sub === 'string' && payload.sub !== '' ? { subject: payload.sub } : undefined;
      } catch (error) {
        if (error instanceof DomainError) throw error;
        return undefined;
      }
    },
    get fetches() {
      return fetches;
    },
  };
}
