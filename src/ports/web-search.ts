/** The devices a results page can be asked for: the engine ranks desktop and mobile pages apart. */
export const SERP_DEVICES = ['desktop', 'mobile'] as const;
export type SerpDevice = (typeof SERP_DEVICES)[number];

/** How many results one page holds: the top 10, 20 or 30. */
export const SERP_DEPTHS = [10, 20, 30] as const;
export type SerpDepth = (typeof SERP_DEPTHS)[number];

/** One results page as asked: a phrase ranked for one region on one device, to a depth. The unit of caching. */
export interface SerpQuery {
  phrase: string;
  /** A region id of the catalogue (the same ids as Wordstat's): the region the page is ranked for. */
  regionId: number;
  device: SerpDevice;
  depth: SerpDepth;
}

/** One organic result, in rank order (position 1 is the top). */
export interface SerpResult {
  position: number;
  url: string;
  domain: string;
  title: string;
}

/** One text ad or product-gallery card of an HTML page (XML carries no ads). */
export interface SerpAd {
  /** Where on the page: the text-ad blocks above and below the results, or the product gallery. */
  block: 'top' | 'bottom' | 'gallery';
  position: number;
  url: string;
  domain: string;
  title: string;
}

/** A results page: the engine's document count, the organic results, and the ads when the page was HTML. */
export interface SerpPage {
  foundDocs: number;
  results: SerpResult[];
  /** Present only for an HTML page (the XML format has no ads). */
  ads?: SerpAd[];
}

/**
 * A web search engine that answers whole results pages (Yandex Search API v2). One call per page; throws a
 * DomainError on any failure (SOURCE_QUOTA_EXHAUSTED / SOURCE_RATE_LIMITED for quota answers, SOURCE_UNAVAILABLE,
 * SOURCE_FAILED), and never answers an unreadable page (a captcha, an unknown layout) as empty results.
 * "Nothing found" is an answer: 0 documents, no results.
 */
export interface WebSearchSource {
  /** Synchronous (an answer within the call) or deferred (an operation polled until done, minutes). */
  readonly mode: 'sync' | 'deferred';
  search(query: SerpQuery, signal?: AbortSignal): Promise<SerpPage>;
}
