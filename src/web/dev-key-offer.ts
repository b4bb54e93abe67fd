import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { foreignHeaders } from './local-browser-request.js';

/** What decides whether the page may be handed the development key. */
export interface DevKeyOfferConfig {
  NODE_ENV: string;
  DATA_DIR: string;
  API_KEYS: readonly string[];
  EXPLORER_OFFER_DEV_KEY: boolean;
}

/**
 * The development key this instance runs with, or undefined: only with the explicit development flag
 * EXPLORER_OFFER_DEV_KEY=true, never in production, and only when the key kept under DATA_DIR (made by the first
 * start without API_KEYS, see adapters/dev-key.ts) is a key the service accepts. A real key given in API_KEYS is
 * never offered. (Without the flag, a reverse proxy that adds no forwarding header would have made every visitor
 * look like a loopback browser.)
 */
export function offeredDevKey(config: DevKeyOfferConfig): string | undefined {
  if (!config.EXPLORER_OFFER_DEV_KEY || config.NODE_ENV === 'production') return undefined;
  let kept: string;
  try {
    kept = readFileSync(join(config.DATA_DIR, 'dev-api-key'), 'utf8').trim();
  } catch {
    return undefined;
  }
  return kept.length >= 16 && config.API_KEYS.includes(kept) ? kept : undefined;
}

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * True only for a browser on this machine talking to it directly: the socket's peer is a loopback address, the
 * Host is a loopback name (a rebinding DNS name pointing at 127.0.0.1 is refused), every header is one a browser
 * sends (a local proxy would make every client look local, and proxies add headers of every name: see
 * local-browser-request.ts), a Referer or Origin is this origin's, and the fetch is not cross-site.
 */
export function isLoopbackClient(request: Request, remoteAddress: string | undefined): boolean {
  if (!remoteAddress || !LOOPBACK_ADDRESS.test(remoteAddress)) return false;
  const headers = request.headers;
  const host = headers.get('host') ?? '';
  if (!LOOPBACK_HOST.test(host)) return false;
  if (foreignHeaders(headers, host).length > 0) return false;
  const site = headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
