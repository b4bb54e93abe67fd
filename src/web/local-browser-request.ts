/**
 * Whether a request's headers are only those a browser on this machine sends when it talks to the service
 * directly. An allow-list, not a list of proxy headers: proxies add headers of every name (Via, X-Forwarded-Host,
 * CF-Connecting-IP, True-Client-IP, X-Original-Forwarded-For, …, and names nobody has listed yet), so any header
 * not known to come from a browser means the request may have come through something else, and the development
 * key is not offered (issue 24, item 13). A browser extension that adds its own header costs the convenience
 * only: the page then asks for a key.
 */
const BROWSER_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'user-agent',
  'accept',
  'accept-language',
  'accept-encoding',
  'cache-control',
  'pragma',
  'dnt',
  'sec-gpc',
  'priority',
  'te',
  // Cookies for localhost are shared by every local port: another local app's cookie is normal here.
  'cookie',
  'if-none-match',
  'if-modified-since',
  'upgrade-insecure-requests',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-fetch-user',
  'sec-fetch-storage-access',
  'sec-purpose',
  // Checked below: only this origin's own.
  'referer',
  'origin',
]);
/** User-agent client hints (Sec-CH-UA, Sec-CH-UA-Platform, …): a browser family of headers, never a proxy's. */
const CLIENT_HINT = /^sec-ch-[a-z-]+$/;

/**
 * The names of the headers that make `headers` other than a direct request of a local browser to `host`: any
 * header not on the list, and a Referer or Origin of another origin (another site's page, or a proxy that
 * rewrote the Host). Empty when the request is a local browser's.
 */
export function foreignHeaders(headers: Headers, host: string): string[] {
  const foreign: string[] = [];
  headers.forEach((value, name) => {
    if (name === 'referer' || name === 'origin') {
      if (!sameHost(value, host)) foreign.push(name);
    } else if (!BROWSER_HEADERS.has(name) && !CLIENT_HINT.test(name)) {
      foreign.push(name);
    }
  });
  return foreign;
}

/** True when `url` is an http URL of exactly `host` (name and port); "null" and anything unparsable are not. */
function sameHost(url: string, host: string): boolean {
  try {
    const parsed = new URL(url);
    // The service speaks plain HTTP; an https origin is another server (or a TLS proxy in front of this one).
    // Both sides through URL, so `localhost:80` and `localhost` compare equal.
    return parsed.protocol === 'http:' && parsed.host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}
