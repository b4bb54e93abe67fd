import { setTimeout as sleepFor } from 'node:timers/promises';
import { z } from 'zod';
import { DomainError } from '../../domain/errors.js';
import type { WebSearchSource } from '../../ports/web-search.js';
import { operationError, unreadablePage } from './serp-errors.js';
import { webSearchBody } from './serp-request.js';
import { exchangeJson, pageOfRawData, type SerpWireOptions, wireFormat } from './serp-wire.js';

export interface DeferredWebSearchOptions extends SerpWireOptions {
  /** The operations API root (SEARCH_OPERATIONS_BASE_URL), e.g. `https://operation.api.cloud.yandex.net`. */
  operationsBaseUrl: string;
  /** Pause between two looks at the operation (SEARCH_POLL_INTERVAL). */
  pollIntervalMs: number;
  /** Longest wait for an operation to finish before giving up (default 2 hours: deferred answers take minutes). */
  maxWaitMs?: number;
  /** How to wait between polls; tests run it on fake timers (the default is node's timer). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Elapsed time for maxWaitMs (default Date.now). */
  now?: () => number;
}

/** google.longrunning-style Operation as the gateway writes it (JSON names). */
const operationSchema = z.object({
  id: z.string().min(1),
  done: z.boolean().optional(),
  error: z.object({ code: z.number().optional(), message: z.string().optional() }).passthrough().optional(),
  response: z.unknown().optional(),
});

const defaultSleep = (ms: number, signal?: AbortSignal) => sleepFor(ms, undefined, signal ? { signal } : undefined) as Promise<void>;

/**
 * Web search, deferred: `POST {SEARCH_BASE_URL}/v2/web/searchAsync` → an Operation `{id, done}`, then
 * `GET {SEARCH_OPERATIONS_BASE_URL}/operations/{id}` every pollIntervalMs until `done`, when it holds exactly one
 * of `error {code, message, details}` (thrown as the service's error) or `response {rawData}` (the page). Half
 * the price of the sync mode and 35,000 requests an hour, but answers take minutes: for tasks and big lists. The
 * gate takes one slot for the searchAsync request; polls are reads of the operation, not searches.
 */
export function createDeferredWebSearch(options: DeferredWebSearchOptions): WebSearchSource {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v2/web/searchAsync`;
  const operations = `${options.operationsBaseUrl.replace(/\/+$/, '')}/operations/`;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const maxWaitMs = options.maxWaitMs ?? 2 * 3_600_000;
  return {
    mode: 'deferred',
    async search(query, signal) {
      const body = webSearchBody(query, options.folderId, wireFormat(options.format));
      await options.gate?.();
      let operation = readOperation(await exchangeJson(options, 'POST', url, body, signal));
      const started = now();
      while (!operation.done) {
        if (now() - started > maxWaitMs) {
          throw new DomainError('SOURCE_UNAVAILABLE', `the deferred web search ${operation.id} did not finish within ${Math.round(maxWaitMs / 60_000)} minutes`);
        }
        await sleep(options.pollIntervalMs, signal);
        operation = readOperation(await exchangeJson(options, 'GET', operations + encodeURIComponent(operation.id), undefined, signal));
      }
      if (operation.error) throw operationError(operation.error);
      if (operation.response === undefined) throw unreadablePage(`the operation ${operation.id} is done with neither error nor response`);
      return pageOfRawData(operation.response, options.format);
    },
  };
}

function readOperation(answer: unknown): z.output<typeof operationSchema> {
  const parsed = operationSchema.safeParse(answer);
  if (!parsed.success) throw unreadablePage('the answer is not an Operation {id, done}');
  return parsed.data;
}
