import { createHash } from 'node:crypto';
import { type Plugin, renderGraphiQL } from 'graphql-yoga';
import { EXAMPLE_TABS } from './graphiql-examples.js';
import { GRAPHIQL_ASSETS_PATH } from './graphiql-assets.js';

const CDN_DIST = /https:\/\/unpkg\.com\/@graphql-yoga\/graphiql@[^/]+\/dist\//g;
const FAVICON = /<link rel=icon href=[^>]*>/g;
// Yoga's page template leaves this placeholder in the text shown while the bundle loads.
const LOADING = /Loading __TITLE__\.\.\./g;

const EXAMPLE_QUERY = `# Put your key into the Headers tab below, then run (Ctrl-Enter).
query Overview {
  keyword(phrase: "купить велосипед") {
    searchVolume
    competitionLevel
    dynamics(period: WEEKLY) { trend results { date count } }
  }
  regions(phrase: "велосипед", level: CITIES) { regionNameEn count share affinityIndex }
}
`;

const EXAMPLE_HEADERS = JSON.stringify({ Authorization: 'Bearer <your API key>' }, null, 2);

/**
 * The first tab's query, and one tab per example operation (`defaultTabs`, used while the browser has no tabs
 * of its own saved). GraphiQL 4 reads `initialQuery`; Yoga's option type still names it `defaultQuery`, so
 * both are given (the page passes every option through).
 */
export const GRAPHIQL_EXAMPLE = {
  defaultQuery: EXAMPLE_QUERY,
  initialQuery: EXAMPLE_QUERY,
  // Headers are kept per tab: each example starts with the placeholder the first tab shows.
  defaultTabs: [{ query: EXAMPLE_QUERY }, ...EXAMPLE_TABS].map((tab) => ({ ...tab, headers: EXAMPLE_HEADERS })),
} as { defaultQuery: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Yoga's GraphiQL page with every asset URL pointing at this service. */
export function renderLocalGraphiQL(options: Parameters<typeof renderGraphiQL>[0]): string {
  const html = renderGraphiQL(options)
    .replace(CDN_DIST, GRAPHIQL_ASSETS_PATH)
    .replace(FAVICON, '<link rel=icon href=/favicon.ico>')
    .replace(LOADING, `Loading ${escapeHtml(options?.title ?? 'GraphiQL')}…`);
  pagePolicy = graphiqlContentSecurityPolicy(html);
  return html;
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The page's Content-Security-Policy: scripts only from this service plus the page's own inline scripts (by
 * their hashes: the worker set-up and the options), Monaco's workers from blob: URLs (the page fetches them
 * from this service and wraps them), styles inline (Monaco and GraphiQL set them at run time), requests to this
 * service only, and no framing by anyone (clickjacking).
 */
export function graphiqlContentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of the page last rendered. Yoga renders the page from the app's fixed options, so every request
 * gets the same page, and the headers set after it (useGraphiQLHeaders) read the policy here rather than
 * parsing the body again. Until a page is rendered, the policy allows no inline script at all.
 */
let pagePolicy: string | undefined;

/** Headers of the GraphiQL page: its CSP, and no framing (X-Frame-Options for browsers without frame-ancestors). */
export function useGraphiQLHeaders(graphqlEndpoint: string): Plugin {
  return {
    onResponse({ request, response }) {
      if (!response.headers.get('content-type')?.startsWith('text/html')) return;
      if (new URL(request.url).pathname !== graphqlEndpoint) return;
      response.headers.set('content-security-policy', pagePolicy ?? graphiqlContentSecurityPolicy(''));
      response.headers.set('x-frame-options', 'DENY');
      response.headers.set('x-content-type-options', 'nosniff');
      response.headers.set('referrer-policy', 'no-referrer');
    },
  };
}
