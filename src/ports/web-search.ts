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
  /**
   * The engine's snippet: the XML document's passages (else its headline), or the HTML result's text; highlighting
   * stripped, whitespace collapsed, at most SNIPPET_MAX_LENGTH characters. Null when the engine gave none (and for
   * pages cached before snippets were kept).
   */
  snippet: string | null;
}

/** The longest snippet kept: longer text is cut at a word boundary and ends with "…". */
export const SNIPPET_MAX_LENGTH = 300;

/** A snippet from raw text: whitespace collapsed, trimmed, bounded; null when nothing is left. */
export function snippetOf(text: string): string | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  if (clean.length <= SNIPPET_MAX_LENGTH) return clean;
  const cut = clean.slice(0, SNIPPET_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** One text ad of an HTML page (the XML format carries no ads), in page order within its block. */
export interface SerpTextAd {
  /** The text-ad block: above the organic results, or below them. */
  block: 'top' | 'bottom';
  /** 1-based, counted within the block. */
  position: number;
  url: string;
  domain: string;
  title: string;
}

/** What an HTML page shows besides the organic results. */
export interface SerpAds {
  text: SerpTextAd[];
  /** The product gallery (shop offers with prices): its card count, or null when the page has none. */
  productGallery: { count: number } | null;
}

/** The result formats the engine answers: XML (organic only) or HTML (organic, ads, product gallery). */
export const SERP_FORMATS = ['xml', 'html'] as const;
export type SerpFormatName = (typeof SERP_FORMATS)[number];

/** A results page: the engine's document count, the organic results, and the ads when the page was HTML. */
export interface SerpPage {
  foundDocs: number;
  results: SerpResult[];
  /** Present only for an HTML page (the XML format has no ads). */
  ads?: SerpAds;
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
