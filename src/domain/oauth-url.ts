/**
 * Why `url` may not be fetched, or undefined when it may: https only, but for plain http to a loopback host (a
 * test's issuer, an issuer beside the service on one machine). No credentials in the URL. The issuer is operator
 * configuration, but the jwks_uri comes from the issuer's answer: the config checks the one at start, the JWKS
 * adapter every URL on every fetch.
 */
export function oauthUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (parsed.username || parsed.password) return 'may not carry credentials';
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return undefined;
  return 'must be https (plain http only to a loopback address)';
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The RFC 9728 metadata URL of `resource`: the well-known segment between its origin and its path. */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  return `${url.origin}${PROTECTED_RESOURCE_PATH}${resourcePath(resource)}`;
}

/** The path of a resource identifier without a trailing slash ('' for an origin). */
export function resourcePath(resource: string): string {
  const path = new URL(resource).pathname;
  return path === '/' ? '' : path.replace(/\/$/, '');
}

/** Where protected-resource metadata is served (RFC 9728 §3). */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
