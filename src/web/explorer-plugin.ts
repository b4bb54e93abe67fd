import type { Plugin } from 'graphql-yoga';
import { createPageFiles, findPageDir } from './page-files.js';
import { isLoopbackClient } from './dev-key-offer.js';

/** Where the page's script, stylesheet and the dev-key offer live (the page itself is at `/`). */
export const EXPLORER_PATH = '/explorer/';

// The page loads only its own files; uPlot sets inline styles on its elements, hence 'unsafe-inline' for styles.
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const NOT_BUILT = `<!doctype html><meta charset=utf-8><title>Explorer not built</title>
<p>The explorer page is not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds it).
GraphiQL is at <a href="/graphql">/graphql</a>.</p>`;

export interface ExplorerOptions {
  /** The development key to offer to a loopback browser, or undefined (production, real keys): see dev-key-offer.ts. */
  devKey: () => string | undefined;
  /** Default: dist/web found above this module. */
  pageDir?: () => string | undefined;
}

interface NodeServerContext {
  req?: { socket?: { remoteAddress?: string } };
}

/**
 * The explorer page at `/`, its files under /explorer/, the site icon at /favicon.ico, and
 * GET /explorer/dev-key (`{key}` for a loopback browser of a development instance, `{key: null}` otherwise).
 */
export function useExplorer(options: ExplorerOptions): Plugin {
  const pageDir = options.pageDir ?? findPageDir;
  const files = createPageFiles(pageDir);
  const asset = async (name: string, method: string, extra: Record<string, string> = {}) => {
    const file = await files.read(name);
    if (!file) return undefined;
    return new Response(method === 'HEAD' ? null : new Uint8Array(file.body), {
      headers: { 'content-type': file.type, 'x-content-type-options': 'nosniff', ...extra },
    });
  };

  return {
    async onRequest({ request, url, endResponse, serverContext }) {
      const path = url.pathname;
      const readable = request.method === 'GET' || request.method === 'HEAD';
      if (!readable || !(path === '/' || path === '/favicon.ico' || path.startsWith(EXPLORER_PATH))) return;
      if (path === '/') {
        const page = await asset('index.html', request.method, { 'content-security-policy': PAGE_CSP, 'cache-control': 'no-cache' });
        return endResponse(page ?? new Response(NOT_BUILT, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } }));
      }
      if (path === '/favicon.ico') {
        const icon = await asset('favicon.ico', request.method, { 'cache-control': 'public, max-age=86400' });
        if (icon) return endResponse(icon);
        return endResponse(new Response(null, { status: 204 }));
      }
      if (path === `${EXPLORER_PATH}dev-key`) {
        const remote = (serverContext as NodeServerContext | undefined)?.req?.socket?.remoteAddress;
        const key = isLoopbackClient(request, remote) ? options.devKey() : undefined;
        const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
        // 200 either way: a refusal is the normal case, not an error for the browser's console.
        return endResponse(new Response(JSON.stringify({ key: key ?? null }), { headers }));
      }
      const file = await asset(path.slice(EXPLORER_PATH.length), request.method, { 'cache-control': 'no-cache' });
      if (file) return endResponse(file);
    },
  };
}
