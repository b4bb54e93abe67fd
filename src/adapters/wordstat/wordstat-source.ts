import type { Dispatcher } from 'undici';
import type { RegionCatalog } from '../../domain/regions/catalog.js';
import type { Logger } from '../../ports/logger.js';
import { silentLogger } from '../../ports/logger.js';
import type { StatisticsSource } from '../../ports/statistics-source.js';
import { createDefaultDispatcher } from './http-attempt.js';
import { regionsTotal } from './region-total.js';
import { defaultRetryPolicy, type RetryPolicy } from './retry-policy.js';
import { type AttemptGate, createWordstatClient } from './wordstat-client.js';
import {
  authorizationHeader,
  dynamicsBody,
  regionsBody,
  regionTreeBody,
  topBody,
  type WordstatCredentials,
} from './wire-request.js';
import {
  dynamicsResponseSchema,
  regionsResponseSchema,
  regionTreeResponseSchema,
  toDynamicsPoints,
  toRegionNodes,
  toRegionRows,
  toTopResult,
  topResponseSchema,
} from './wire-response.js';

export interface WordstatSourceOptions {
  /** e.g. https://searchapi.api.cloud.yandex.net (WORDSTAT_BASE_URL). */
  baseUrl: string;
  /** Service-account API key (YANDEX_API_KEY); preferred over iamToken when both are given. */
  apiKey?: string | undefined;
  /** IAM token (YANDEX_IAM_TOKEN). */
  iamToken?: string | undefined;
  /** YANDEX_FOLDER_ID, sent in every body. */
  folderId: string;
  /** Per-attempt timeout (WORDSTAT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Injected for tests or shared pools; by default an Agent with explicit timeouts and a connection limit. */
  dispatcher?: Dispatcher | undefined;
  logger?: Logger | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  /** Region types decide RegionsResult.total; a function lets a refreshing region-tree provider stand in. */
  catalog: RegionCatalog | (() => RegionCatalog);
  /** Called before every attempt of a paid call (retries too): pass a quota scheduler's `gate` here. */
  gate?: AttemptGate | undefined;
}

/** The Wordstat source, plus `close()` for the connection pool it may own. */
export interface WordstatSource extends StatisticsSource {
  /** Closes the default dispatcher (an injected one is left to its owner). */
  close(): Promise<void>;
}

/**
 * The real source: Yandex Cloud Search API v2 (Wordstat) over undici. Every failure is a DomainError with a
 * SOURCE_* code; see wire-errors.ts and wordstat-client.ts for the mapping and the retry rules.
 */
export function createWordstatSource(options: WordstatSourceOptions): WordstatSource {
  const credentials: WordstatCredentials | undefined = options.apiKey
    ? { apiKey: options.apiKey }
    : options.iamToken
      ? { iamToken: options.iamToken }
      : undefined;
  if (!credentials) throw new TypeError('createWordstatSource needs apiKey or iamToken (use createUnconfiguredSource)');
  if (!options.folderId) throw new TypeError('createWordstatSource needs folderId');

  const ownDispatcher = options.dispatcher ? undefined : createDefaultDispatcher(options.timeoutMs);
  const dispatcher = options.dispatcher ?? (ownDispatcher as Dispatcher);
  const logger = (options.logger ?? silentLogger).child({ component: 'wordstat' });
  const catalog = typeof options.catalog === 'function' ? options.catalog : () => options.catalog as RegionCatalog;
  const client = createWordstatClient({
    target: { baseUrl: options.baseUrl, dispatcher, authorization: authorizationHeader(credentials) },
    timeoutMs: options.timeoutMs,
    retry: { ...defaultRetryPolicy(options.timeoutMs), ...options.retry },
    logger,
    gate: options.gate,
    authKind: 'apiKey' in credentials ? 'api-key' : 'iam-token',
  });
  const { folderId } = options;

  return {
    kind: 'wordstat',
    async top(query, signal) {
      return toTopResult(await client.call('top', topBody(query, folderId), topResponseSchema, signal));
    },
    async dynamics(query, signal) {
      const body = await client.call('dynamics', dynamicsBody(query, folderId), dynamicsResponseSchema, signal);
      return { points: toDynamicsPoints(body) };
    },
    async regions(query, signal) {
      const body = await client.call('regions', regionsBody(query, folderId), regionsResponseSchema, signal);
      const { rows, skipped } = toRegionRows(body);
      if (skipped.length > 0) {
        logger.warn({ skipped: skipped.length, first: JSON.stringify(skipped[0]).slice(0, 200) }, 'Wordstat regions: unreadable rows skipped');
      }
      return { rows, total: regionsTotal(rows, catalog()) };
    },
    async regionTree(signal) {
      return toRegionNodes(await client.call('regionTree', regionTreeBody(folderId), regionTreeResponseSchema, signal));
    },
    async close() {
      await ownDispatcher?.close();
    },
  };
}
