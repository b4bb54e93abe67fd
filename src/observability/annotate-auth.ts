import type { Authenticator } from '../services/auth/authenticator.js';
import { currentRequest } from '../http/request-context.js';

/**
 * The same authenticator, noting the key id (never the key) of the current request for the access log. Both
 * faces authenticate through it, so REST and GraphQL lines carry the key id alike.
 */
export function annotateAuthenticator(inner: Authenticator): Authenticator {
  return {
    ...(inner.challenge === undefined ? {} : { challenge: inner.challenge }),
    async authenticate(authorization, peer) {
      const principal = await inner.authenticate(authorization, peer);
      const info = currentRequest();
      if (principal && info) info.keyId = principal.keyId;
      return principal;
    },
  };
}
