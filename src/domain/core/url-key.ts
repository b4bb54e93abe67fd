/** A result URL as clustering compares it. */
export interface UrlKey {
  /** The URL without scheme, `www.`, query string, fragment or trailing slash, lower-case host: `host/path`. */
  key: string;
  /** The host without `www.`. */
  domain: string;
  /** The site's home page (no path). */
  home: boolean;
}

/**
 * The form in which two results are the same page: `http://www.Shop.ru/catalog/?utm=1#top` and
 * `https://shop.ru/catalog` are one page. The path keeps its case (servers tell paths apart by it). A text that
 * is not an absolute http(s) URL gives undefined (not counted).
 */
export function urlKey(url: string): UrlKey | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const domain = parsed.hostname.toLowerCase().replace(/^www\./, '');
  if (!domain) return undefined;
  const path = parsed.pathname.replace(/\/+$/, '');
  return { key: `${domain}${path}`, domain, home: path === '' };
}

/**
 * True when a stop-list entry names `domain`: an entry with a dot is a domain and its subdomains
 * (`wikipedia.org` takes `ru.wikipedia.org`), one without is a name in any position (`youtube` takes
 * `youtube.com` and `m.youtube.ru`).
 */
export function domainListed(domain: string, listed: ReadonlySet<string>): boolean {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length; i++) {
    if (listed.has(labels.slice(i).join('.')) || listed.has(labels[i]!)) return true;
  }
  return false;
}
