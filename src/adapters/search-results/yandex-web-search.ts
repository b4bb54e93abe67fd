import { type Dispatcher, getGlobalDispatcher } from 'undici';
import { z } from 'zod';
import { RUSSIA_REGION_ID } from '../../domain/location-codes.js';
import { TOP_SIZE } from '../../domain/competition.js';
import type { SearchResults } from '../../ports/search-results.js';
import { isTimeoutError, parseJsonAs, postJson, readLimitedText } from '../http-body.js';
import { SearchResultsError } from './errors.js';
import { parseSearchXml } from './parse-xml.js';

export interface YandexWebSearchOptions {
  /** API root, e.g. `https://searchapi.api.cloud.yandex.net` (SEARCH_BASE_URL, else WORDSTAT_BASE_URL). */
  baseUrl: string;
  /** Service-account API key (`Authorization: Api-Key …`); takes precedence over the IAM token. */
  apiKey?: string | undefined;
  /** IAM token (`Authorization: Bearer …`). */
  iamToken?: string | undefined;
  folderId: string;
  /** Deadline of one call, from the first byte sent to the last byte read. */
  timeoutMs: number;
  /** undici dispatcher (tests point it at a fake server); default: undici's global one. */
  dispatcher?: Dispatcher;
  /**
   * Least time between two calls' starts in this process (default 100 ms: the API's 10 requests per second),
   * so a 100-keyword search_volume does not trip the rate limit with its estimates.
   */
  minIntervalMs?: number;
  /** Largest answer read (default 4 MiB; a first page is well under 1 MiB). */
  maxResponseBytes?: number;
}

const answerSchema = z.object({ rawData: z.string() });

/**
 * Search results from the Yandex Cloud Search API v2, synchronous web search (`POST /v2/web/search`): the
 * first page of Russian search, grouped by domain (one document per domain, TOP_SIZE groups), ranked for
 * the first region of the filter (Russia, 225, when the filter is empty: a search always ranks for some
 * region), as XML in `rawData` (base64). Uses the same credentials and folder as Wordstat.
 */
export function createYandexWebSearch(options: YandexWebSearchOptions): SearchResults {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v2/web/search`;
  const dispatcher = options.dispatcher ?? getGlobalDispatcher();
  const maxBytes = options.maxResponseBytes ?? 4 * 1024 * 1024;
  const authorization = options.apiKey ? `Api-Key ${options.apiKey}` : options.iamToken ? `Bearer ${options.iamToken}` : undefined;
  const waitForSlot = createSpacer(options.minIntervalMs ?? 100);

  return {
    async search(phrase, regionIds) {
      const body = {
        query: { searchType: 'SEARCH_TYPE_RU', queryText: phrase, page: '0' },
        groupSpec: { groupMode: 'GROUP_MODE_DEEP', groupsOnPage: String(TOP_SIZE), docsInGroup: '1' },
        region: String(regionIds[0] ?? RUSSIA_REGION_ID),
        responseFormat: 'FORMAT_XML',
        folderId: options.folderId,
      };
      const headers: Record<string, string> = authorization ? { authorization } : {};

      await waitForSlot();
      let text: string | undefined;
      let status: number;
      try {
        const response = await postJson(url, { headers, body, dispatcher, timeoutMs: options.timeoutMs });
        status = response.statusCode;
        if (status < 200 || status >= 300) {
          const detail = await readLimitedText(response.body, 16 * 1024).catch(() => undefined);
          throw new SearchResultsError('SEARCH_HTTP_ERROR', `the search API answered HTTP ${status}${messageOf(detail)}`, status);
        }
        text = await readLimitedText(response.body, maxBytes);
      } catch (error) {
        if (error instanceof SearchResultsError) throw error;
        if (isTimeoutError(error)) throw new SearchResultsError('SEARCH_TIMEOUT', `no answer from the search API within ${options.timeoutMs} ms`);
        throw new SearchResultsError('SEARCH_NETWORK_ERROR', `the search API could not be reached: ${(error as Error).message}`);
      }
      if (text === undefined) throw new SearchResultsError('SEARCH_BAD_RESPONSE', `the answer is larger than ${maxBytes} bytes`, status);
      return parseSearchXml(decodeRawData(text, status));
    },
  };
}

function decodeRawData(text: string, status: number): string {
  const parsed = parseJsonAs(text, answerSchema);
  if ('problem' in parsed) {
    const reason = parsed.problem === 'not-json' ? 'the search API answered with something that is not JSON' : 'the answer has no rawData';
    throw new SearchResultsError('SEARCH_BAD_RESPONSE', reason, status);
  }
  return Buffer.from(parsed.data.rawData, 'base64').toString('utf8');
}

/** ": <message>" from a gRPC-gateway error body, when there is one. */
function messageOf(detail: string | undefined): string {
  if (!detail) return '';
  try {
    const message = (JSON.parse(detail) as { message?: unknown }).message;
    return typeof message === 'string' && message ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/** Each call waits for its own slot, `intervalMs` after the previous one's (0: no waiting). */
function createSpacer(intervalMs: number): () => Promise<void> {
  let nextAt = 0;
  return async () => {
    if (intervalMs <= 0) return;
    const now = Date.now();
    const at = Math.max(now, nextAt);
    nextAt = at + intervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}
