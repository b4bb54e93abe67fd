import { invalidField } from '../../domain/errors.js';
import type { SerpDevice, SerpQuery } from '../../ports/web-search.js';

/** The engine's bounds on a query (Search API v2): 400 characters, 40 words. */
export const MAX_QUERY_LENGTH = 400;
export const MAX_QUERY_WORDS = 40;

/**
 * The user agents the pages are ranked for: the engine shows desktop and mobile users different pages, and
 * tells them apart by this header (the request's `userAgent`). Recent Chrome on Windows and on Android.
 */
const USER_AGENTS: Record<SerpDevice, string> = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mobile: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

export type SerpFormat = 'FORMAT_XML' | 'FORMAT_HTML';

/**
 * The body of `POST /v2/web/search` and `/v2/web/searchAsync` (yandex.cloud.searchapi.v2.WebSearchRequest, JSON
 * names, int64 as strings): Russian search, the moderate family filter (the engine's default, what users see),
 * typo correction on (the page users get for the phrase), the first page grouped by domain with one document
 * per group, `depth` groups, ranked for the region on the device. Refuses a phrase over the engine's bounds
 * before any call (the operation's schema refuses it first; this guards every other caller).
 */
export function webSearchBody(query: SerpQuery, folderId: string, format: SerpFormat): Record<string, unknown> {
  const queryText = query.phrase.trim();
  if (queryText.length > MAX_QUERY_LENGTH) {
    throw invalidField('phrase', `phrase must be at most ${MAX_QUERY_LENGTH} characters for web search, got ${queryText.length}`);
  }
  const words = queryText.split(/\s+/).filter(Boolean).length;
  if (words > MAX_QUERY_WORDS) throw invalidField('phrase', `phrase must be at most ${MAX_QUERY_WORDS} words for web search, got ${words}`);
  return {
    query: { searchType: 'SEARCH_TYPE_RU', queryText, familyMode: 'FAMILY_MODE_MODERATE', page: '0', fixTypoMode: 'FIX_TYPO_MODE_ON' },
    groupSpec: { groupMode: 'GROUP_MODE_DEEP', groupsOnPage: String(query.depth), docsInGroup: '1' },
    maxPassages: '1',
    region: String(query.regionId),
    l10n: 'LOCALIZATION_RU',
    folderId,
    responseFormat: format,
    userAgent: USER_AGENTS[query.device],
  };
}
