import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { renderGraphiQL } from 'graphql-yoga';
import { EXAMPLE_TABS } from './graphiql-examples.js';

/** Where the page loads GraphiQL's own files from: this service, never a CDN (no internet at run time). */
export const GRAPHIQL_ASSETS_PATH = '/graphiql/assets/';

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
  return renderGraphiQL(options)
    .replace(CDN_DIST, GRAPHIQL_ASSETS_PATH)
    .replace(FAVICON, '<link rel=icon href=/favicon.ico>')
    .replace(LOADING, `Loading ${escapeHtml(options?.title ?? 'GraphiQL')}…`);
}

const CONTENT_TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

// The package exports only its bundle; its folder holds the other assets.
const distDir = dirname(createRequire(import.meta.url).resolve('@graphql-yoga/graphiql'));
const ASSET_NAME = /^(?:monacoeditorwork\/)?[a-z0-9.-]+\.(css|js)$/i;
const assetCache = new Map<string, Buffer>();

/** Serves a GraphiQL asset from the installed package, or undefined when the name is not one of its files. */
export async function serveGraphiQLAsset(name: string): Promise<Response | undefined> {
  const match = ASSET_NAME.exec(name);
  // No slash beyond the one known folder, so a name cannot climb out of the package's dist folder.
  if (!match) return undefined;
  let body = assetCache.get(name);
  if (!body) {
    try {
      body = await readFile(join(distDir, name));
    } catch {
      return undefined;
    }
    assetCache.set(name, body);
  }
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': CONTENT_TYPES[match[1]!.toLowerCase()]!, 'cache-control': 'public, max-age=86400' },
  });
}
