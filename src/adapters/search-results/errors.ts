/** Why a search-results call failed; stable codes for logs and metrics. */
export type SearchResultsErrorCode =
  | 'SEARCH_TIMEOUT'
  | 'SEARCH_HTTP_ERROR'
  | 'SEARCH_NETWORK_ERROR'
  | 'SEARCH_BAD_RESPONSE'
  | 'SEARCH_ENGINE_ERROR';

/** A failed search-results call. Never carries credentials. */
export class SearchResultsError extends Error {
  override name = 'SearchResultsError';
  constructor(
    readonly code: SearchResultsErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
