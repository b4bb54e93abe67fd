import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { HttpCall, Reply } from '../http/exchange.js';

// Apart from graphiql.ts (which imports graphql-yoga), so the HTTP front can serve these files without loading
// the GraphQL face.

/** Where the page loads GraphiQL's own files from: this service, never a CDN (no internet at run time). */
export const GRAPHIQL_ASSETS_PATH = '/graphiql/assets/';

const CONTENT_TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

const ASSET_NAME = /^(?:monacoeditorwork\/)?[a-z0-9.-]+\.(css|js)$/i;
const assetCache = new Map<string, Buffer>();
let distDir: string | undefined;

/**
 * GET /graphiql/assets/NAME: a file of the installed GraphiQL package, or undefined when the name is not one of
 * its files (the caller's 404).
 */
export async function serveGraphiQLAsset(call: HttpCall): Promise<Reply | undefined> {
  if (!call.path.startsWith(GRAPHIQL_ASSETS_PATH)) return undefined;
  const name = call.path.slice(GRAPHIQL_ASSETS_PATH.length);
  const match = ASSET_NAME.exec(name);
  // No slash beyond the one known folder, so a name cannot climb out of the package's dist folder.
  if (!match) return undefined;
  let body = assetCache.get(name);
  if (!body) {
    // The package exports only its bundle; its folder holds the other assets.
    distDir ??= dirname(createRequire(import.meta.url).resolve('@graphql-yoga/graphiql'));
    try {
      body = await readFile(join(distDir, name));
    } catch {
      return undefined;
    }
    assetCache.set(name, body);
  }
  return { status: 200, headers: { 'content-type': CONTENT_TYPES[match[1]!.toLowerCase()]!, 'cache-control': 'public, max-age=86400' }, body };
}
