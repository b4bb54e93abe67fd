import type { Config } from '../config/config.js';
import { createHttpJwksSource } from '../adapters/oauth/http-jwks-source.js';
import { PROTECTED_RESOURCE_PATH, resourceMetadataUrl, resourcePath } from '../domain/oauth-url.js';
import type { KeyStore } from '../ports/key-store.js';
import type { TokenKeySource } from '../ports/token-keys.js';
import { type AccessTokenVerifier, createAccessTokenVerifier } from '../services/auth/access-tokens.js';
import type { Authenticator } from '../services/auth/authenticator.js';
import { createSubjectPrincipals, withAccessTokens } from '../services/auth/oauth-authenticator.js';
import { createProtectedResourceRoute } from '../rest/protected-resource-route.js';

export interface OAuthSetup {
  /** The key authenticator with access tokens beside it. */
  wrap(keys: Authenticator): Authenticator;
  /** The metadata route's front entries: at the root and under the resource's path (RFC 9728 §3.1). */
  entries: { path: string; serve: ReturnType<typeof createProtectedResourceRoute> }[];
  verifier: AccessTokenVerifier;
}

/** OAuth as a resource server when OAUTH_ISSUER is set; undefined otherwise (API keys only, as before). */
export function createOAuthSetup(
  config: Config,
  deps: { store?: KeyStore | undefined; now: () => number; keys?: TokenKeySource },
): OAuthSetup | undefined {
  const issuer = config.OAUTH_ISSUER;
  const resource = config.OAUTH_RESOURCE;
  if (issuer === undefined || resource === undefined) return undefined;
  const verifier = createAccessTokenVerifier({
    issuer,
    audience: resource,
    keys: deps.keys ?? createHttpJwksSource({ issuer, jwksUrl: config.OAUTH_JWKS_URL }),
    now: deps.now,
  });
  const principalOf = createSubjectPrincipals(config.OAUTH_SUBJECT_KEYS, config.API_KEYS, deps.store);
  const serve = createProtectedResourceRoute({ resource, issuer });
  const paths = new Set([PROTECTED_RESOURCE_PATH, `${PROTECTED_RESOURCE_PATH}${resourcePath(resource)}`]);
  return {
    wrap: (keys) => withAccessTokens(keys, { verifier, principalOf, resourceMetadataUrl: resourceMetadataUrl(resource) }),
    entries: [...paths].map((path) => ({ path, serve })),
    verifier,
  };
}

/** The key authenticator, with access tokens beside it when OAuth is set up. */
export const withTokens = (oauth: OAuthSetup | undefined, keys: Authenticator): Authenticator => (oauth ? oauth.wrap(keys) : keys);
