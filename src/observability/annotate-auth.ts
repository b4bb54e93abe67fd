import type { Authenticator, Principal } from '../services/auth/authenticator.js';
import { currentRequest } from '../http/request-context.js';

/**
 * The same authenticator, noting the key id (never the key) of the current request for the access log. Both
 * faces authenticate through it, so REST and GraphQL lines carry the key id alike.
 */
export function annotateAuthenticator(inner: Authenticator): Authenticator {
  const noted = (principal: Principal | undefined) => {
    const info = currentRequest();
    if (principal && info) info.keyId = principal.keyId;
    return principal;
  };
  return {
    ...(inner.challenge === undefined ? {} : { challenge: inner.challenge }),
    async authenticate(authorization, peer) {
      return noted(await inner.authenticate(authorization, peer));
    },
    known: (authorization) => noted(inner.known?.(authorization)),
  };
}
