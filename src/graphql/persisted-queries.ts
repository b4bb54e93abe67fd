import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { ANONYMOUS } from './authenticate.js';
import type { GraphQLContext } from './context.js';

/** Where persisted query texts are kept, by their SHA-256 hex digest. */
export interface PersistedQueryStore {
  get(hash: string): string | undefined;
  set(hash: string, query: string): void;
}

/**
 * A bounded in-process store: least recently used entries go first once `maxBytes` of query text is held,
 * and a query larger than `maxQueryBytes` is executed but not kept (a client can always resend the text).
 * An LRU by bytes is what `lru-cache` does (`maxSize` with a size per entry), so it does it here.
 */
export function createMemoryPersistedQueryStore(options: { maxBytes?: number; maxQueryBytes?: number } = {}): PersistedQueryStore {
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const maxQueryBytes = options.maxQueryBytes ?? 64 * 1024;
  const entries = new LRUCache<string, string>({
    maxSize: maxBytes,
    // A text larger than the whole store would only evict everything and then itself: refuse it too.
    maxEntrySize: Math.min(maxQueryBytes, maxBytes),
    sizeCalculation: (query) => Math.max(1, Buffer.byteLength(query)),
  });
  return {
    get: (hash) => entries.get(hash),
    set(hash, query) {
      // The hash names the text, so a known hash has nothing new to store (and keeps its recency).
      if (entries.has(hash)) return;
      entries.set(hash, query);
    },
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const HASH = /^[0-9a-f]{64}$/;

function apqError(message: string, code: string, status: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status } } });
}

/**
 * Automatic persisted queries (the protocol Apollo and urql clients speak): a request may send only
 * `extensions.persistedQuery = { version: 1, sha256Hash }`; an unknown hash answers PERSISTED_QUERY_NOT_FOUND,
 * and the client resends the text with its hash, which registers it. A text whose hash does not match is
 * refused, so one client cannot plant a different query under another's hash. A text is stored only once
 * its request is about to run: authenticated with a key, parsed and validated. A refused request (401, or an
 * anonymous schema read) stores nothing, so the store cannot be filled without a key.
 */
export function usePersistedQueries(store: PersistedQueryStore = createMemoryPersistedQueryStore()): Plugin<GraphQLContext> {
  const pending = new WeakMap<Request, { hash: string; query: string }>();
  return {
    onParams({ params, request, setParams }) {
      const persisted = params.extensions?.persistedQuery as { version?: unknown; sha256Hash?: unknown } | undefined;
      if (persisted == null) return;
      if (persisted.version !== 1) {
        throw apqError('unsupported persisted query version; use 1', 'PERSISTED_QUERY_VERSION_UNSUPPORTED', 400);
      }
      const hash = typeof persisted.sha256Hash === 'string' ? persisted.sha256Hash.toLowerCase() : '';
      if (!HASH.test(hash)) throw apqError('persistedQuery.sha256Hash must be a SHA-256 hex digest', 'BAD_USER_INPUT', 400);
      if (params.query == null || params.query === '') {
        const query = store.get(hash);
        if (query === undefined) throw apqError('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND', 404);
        setParams({ ...params, query });
        return;
      }
      if (sha256(params.query) !== hash) {
        throw apqError('PersistedQueryMismatch: the hash is not the SHA-256 of the query', 'PERSISTED_QUERY_MISMATCH', 400);
      }
      pending.set(request, { hash, query: params.query });
    },
    onExecute({ args }) {
      const context = args.contextValue as GraphQLContext & { request: Request };
      const text = pending.get(context.request);
      if (text && context.principal !== ANONYMOUS) store.set(text.hash, text.query);
    },
  };
}
