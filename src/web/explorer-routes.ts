import type { HttpCall, Reply } from '../http/exchange.js';
import { jsonReply } from '../http/exchange.js';
import { createPageFiles, findPageDir } from './page-files.js';
import { isLoopbackClient } from './dev-key-offer.js';
import type { Operation } from '../operations/operation.js';
import { operationsManifest } from './operations-manifest.js';

/** Where the page's script, stylesheet and the dev-key offer live (the page itself is at `/`). */
export const EXPLORER_PATH = '/explorer/';

// The page loads only its own files; uPlot sets inline styles on its elements, hence 'unsafe-inline' for styles.
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const NOT_BUILT = `<!doctype html><meta charset=utf-8><title>Explorer not built</title>
<p>The explorer page is not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds it).
GraphiQL is at <a href="/graphql">/graphql</a>.</p>`;

export interface ExplorerOptions {
  /** The operations the page may call (the registry's): served as GET /explorer/operations.json. */
  operations: readonly Operation[];
  /** The development key to offer to a loopback browser, or undefined (production, real keys): see dev-key-offer.ts. */
  devKey: () => string | undefined;
  /** Default: dist/web found above this module. */
  pageDir?: () => string | undefined;
}

/** The paths the explorer serves, as the HTTP front mounts them. */
export const EXPLORER_PATHS = ['/', '/favicon.ico', `${EXPLORER_PATH}*`] as const;

/**
 * The explorer page at `/`, its files under /explorer/, the site icon at /favicon.ico, and
 * GET /explorer/dev-key (`{key}` for a loopback browser of a development instance, `{key: null}` otherwise), and
 * GET /explorer/operations.json (the registry's paths and limits, operations-manifest.ts). Undefined for what it does not serve (another method, a file that is not the page's): the caller's 404.
 */
export function createExplorerRoutes(options: ExplorerOptions): (call: HttpCall) => Promise<Reply | undefined> {
  const files = createPageFiles(options.pageDir ?? findPageDir);
  const manifest = JSON.stringify(operationsManifest(options.operations));
  const asset = async (name: string, extra: Record<string, string> = {}): Promise<Reply | undefined> => {
    const file = await files.read(name);
    if (!file) return undefined;
    return { status: 200, headers: { 'content-type': file.type, 'x-content-type-options': 'nosniff', ...extra }, body: file.body };
  };

  return async (call) => {
    const path = call.path;
    // HEAD comes as a GET (the front drops the body).
    if (call.method !== 'GET') return undefined;
    if (path === '/') {
      const page = await asset('index.html', { 'content-security-policy': PAGE_CSP, 'cache-control': 'no-cache' });
      return page ?? { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' }, body: NOT_BUILT };
    }
    if (path === '/favicon.ico') {
      return (await asset('favicon.ico', { 'cache-control': 'public, max-age=86400' })) ?? { status: 204, headers: {}, body: null };
    }
    if (!path.startsWith(EXPLORER_PATH)) return undefined;
    if (path === `${EXPLORER_PATH}dev-key`) {
      const key = isLoopbackClient(call.webRequest(), call.peer) ? options.devKey() : undefined;
      // 200 either way: a refusal is the normal case, not an error for the browser's console.
      return jsonReply({ key: key ?? null }, 200, { 'cache-control': 'no-store' });
    }
    if (path === `${EXPLORER_PATH}operations.json`) {
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' }, body: manifest };
    }
    return asset(path.slice(EXPLORER_PATH.length), { 'cache-control': 'no-cache' });
  };
}
