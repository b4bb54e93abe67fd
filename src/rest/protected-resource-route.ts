import { DomainError } from '../domain/errors.js';
import { type HttpCall, jsonReply, type Reply } from '../http/exchange.js';
import { problemReply } from './responses.js';

/** What the metadata says (RFC 9728 §2). */
export interface ProtectedResourceSettings {
  /** This service's resource identifier: the audience of the tokens it accepts. */
  resource: string;
  /** The one authorization server it trusts. */
  issuer: string;
}

/**
 * GET /.well-known/oauth-protected-resource (and the same under the resource's path, RFC 9728 §3.1): how an
 * OAuth client finds the authorization server to get a token for this service from. Public and the same for
 * everyone: any origin may read it, caches may keep it an hour. No scopes: a token acts as the API key its
 * subject is mapped to, whatever scopes it carries.
 */
export function createProtectedResourceRoute(settings: ProtectedResourceSettings) {
  const metadata = Object.freeze({
    resource: settings.resource,
    authorization_servers: Object.freeze([settings.issuer]),
    bearer_methods_supported: Object.freeze(['header']),
    resource_name: 'search-demand-stats',
  });
  return async (call: HttpCall): Promise<Reply> => {
    if (call.method !== 'GET' && call.method !== 'HEAD') {
      return problemReply(new DomainError('METHOD_NOT_ALLOWED', `${call.method} is not allowed on ${call.path}; use GET or HEAD`, { allow: 'GET, HEAD' }));
    }
    return jsonReply(metadata, 200, { 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' });
  };
}
