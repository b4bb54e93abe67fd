import type { WebSearchSource } from '../../ports/web-search.js';
import { webSearchBody } from './serp-request.js';
import { exchangeJson, pageOfRawData, type SerpWireOptions, wireFormat } from './serp-wire.js';

/**
 * Web search, synchronous (`POST {SEARCH_BASE_URL}/v2/web/search` → `{rawData}`): the page within the call.
 * Yandex's budget for it is 10,000 requests an hour; the gate takes one slot per request sent.
 */
export function createSyncWebSearch(options: SerpWireOptions): WebSearchSource {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v2/web/search`;
  return {
    mode: 'sync',
    async search(query, signal) {
      const body = webSearchBody(query, options.folderId, wireFormat(options.format));
      await options.gate?.();
      return pageOfRawData(await exchangeJson(options, 'POST', url, body, signal), options.format);
    },
  };
}
