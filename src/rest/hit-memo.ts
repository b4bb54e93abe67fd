import { LRUCache } from 'lru-cache';
import type { DataVersion } from '../services/data-version.js';
import type { HttpCall } from '../http/exchange.js';
import { jsonBytes } from '../http/json-bytes.js';
import type { RestRoute } from './routes.js';
import type { EnvelopeTemplate } from './kept-envelope.js';
import { csvRequestFor } from './csv/csv-request.js';

/**
 * Finished REST answers kept for the next identical request (issue 25, item 7): a cache hit then costs a lookup and
 * the stored bytes instead of the whole pipeline (validation, loaders, gateway lookups, domain math, presenting).
 *
 * An answer is kept only when the request was served wholly from fresh cache entries (every source call a HIT, every
 * competition page read from the cache), and served again only while
 * - no answer was stored in this process's cache since it was built (DataVersion: a refreshed source answer, a new
 *   competition page, anything — coarse, but it can never hand out an answer the slow path would no longer give),
 * - the earliest of its inputs is still fresh (never past the TTL of the entries it was built from),
 * - it is the same service day (windows of months and weeks move with it).
 * Keyed by the operation and the request body's exact text (the key is not part of it: the data routes answer
 * every key alike); only POSTs without a query string that ask for JSON. What varies per request (the /v1
 * envelope's id and time, the request id, the ledger row) is still made per request around the kept part.
 */
export interface HitMemo {
  /** The number to pass to keep(): read before the request runs. */
  version(): number;
  /** The kept answer, if it is still the one the full pipeline would give now. */
  find(operation: string, text: string, now: number, today: string): KeptAnswer | undefined;
  /** Keeps an answer built while the data version stood at `built.version` (nothing if it has moved since). */
  keep(operation: string, text: string, answer: Omit<KeptAnswer, 'size'>, built: { version: number; today: string; freshUntil: number; now: number }): void;
  /** Kept answers and their estimated bytes (tests, metrics). */
  stats(): { entries: number; bytes: number };
}

/** A kept answer: the encoded body (/v2) or the frozen result items the /v1 envelope goes around. */
export interface KeptAnswer {
  /** /v2: the whole JSON body. */
  bytes?: Buffer;
  /** /v1: the task's result items (frozen, so json-bytes encodes them once) and the body the envelope echoes. */
  result?: readonly unknown[];
  /** /v1: the envelope around `result` as bytes with holes for its id and time (kept-envelope.ts). */
  template?: EnvelopeTemplate | undefined;
  body: unknown;
  /** The answer's own headers besides X-Cache and X-Cost (X-Location-Fallback). */
  headers: Readonly<Record<string, string>>;
  /** What a hit of this request costs (the repeat price). */
  cost: number;
  size: number;
}

interface Entry extends KeptAnswer {
  version: number;
  today: string;
  freshUntil: number;
}

/** The operations whose answer depends only on the body, the day and cached source data (and the static catalog). */
const KEPT_OPERATIONS = new Set(['v2.top', 'v2.dynamics', 'v2.regions', 'v1.search_volume']);

/** Kept answers' bytes in all (estimated heap: the encoded answer, the request text, the parsed echo). */
const HIT_MEMO_MAX_BYTES = 16 * 1024 * 1024;
/** A larger answer is not kept: one must not push out hundreds. */
const MAX_ENTRY_BYTES = 256 * 1024;
/** A request body longer than this is not a key (a 100-keyword list is about 4 KB). */
const MAX_KEY_CHARS = 16 * 1024;

export function createHitMemo(dataVersion: DataVersion, maxBytes = HIT_MEMO_MAX_BYTES): HitMemo {
  const kept = new LRUCache<string, Entry>({ maxSize: Math.max(1, maxBytes), sizeCalculation: (entry) => entry.size });
  const keyOf = (operation: string, text: string) => `${operation}\n${text}`;
  return {
    version: () => dataVersion.current(),
    find(operation, text, now, today) {
      if (text.length > MAX_KEY_CHARS) return undefined;
      const key = keyOf(operation, text);
      const entry = kept.get(key);
      if (entry === undefined) return undefined;
      if (entry.version === dataVersion.current() && entry.today === today && now < entry.freshUntil) return entry;
      kept.delete(key);
      return undefined;
    },
    keep(operation, text, answer, built) {
      if (text.length > MAX_KEY_CHARS || built.version !== dataVersion.current() || !(built.freshUntil > built.now)) return;
      if (answer.result) Object.freeze(answer.result);
      const encoded = answer.bytes ?? jsonBytes(answer.result);
      // Parsed values take about three times their JSON on the heap; the text key twice its length.
      const size = (answer.bytes ? encoded.length : 3 * encoded.length) + 2 * text.length + 3 * JSON.stringify(answer.body ?? null).length + 200;
      if (encoded.length > MAX_ENTRY_BYTES || size > maxBytes) return;
      kept.set(keyOf(operation, text), { ...answer, size, version: built.version, today: built.today, freshUntil: built.freshUntil });
    },
    stats: () => ({ entries: kept.size, bytes: kept.calculatedSize }),
  };
}

/**
 * True when a call to `route` may be answered from (and kept in) the memo: a data route posted as JSON without a
 * query string (no table format, no other parameter) and not asking for a table by its Accept header.
 */
export function isKeptRoute(route: RestRoute, call: Pick<HttpCall, 'method' | 'query' | 'headers' | 'path'>): boolean {
  if (!KEPT_OPERATIONS.has(route.operation) || route.free || (route.method ?? 'POST') !== 'POST' || call.method !== 'POST') return false;
  if (call.query.size > 0) return false;
  return csvRequestFor(call) === undefined;
}
