import { type SearchPageSignals, TOP_SIZE } from '../../domain/competition.js';
import { SearchResultsError } from './errors.js';

/** The engine's "no results for this query" error: an answer (nothing competes), not a failure. */
const NO_RESULTS_CODE = '15';

const ERROR = /<error\b[^>]*\bcode\s*=\s*["'](\d+)["'][^>]*>([\s\S]*?)<\/error>/i;
const FOUND_DOCS_ALL = /<found-docs\b[^>]*\bpriority\s*=\s*["']all["'][^>]*>\s*(\d+)\s*<\/found-docs>/i;
const FOUND_ALL = /<found(?=[\s>])[^>]*\bpriority\s*=\s*["']all["'][^>]*>\s*(\d+)\s*<\/found>/i;
const GROUP = /<group\b[^>]*>([\s\S]*?)<\/group>/gi;
const DOMAIN = /<domain\b[^>]*>\s*([^<]*?)\s*<\/domain>/i;
const URL_TAG = /<url\b[^>]*>\s*([^<]*?)\s*<\/url>/i;

/**
 * The signals of a Yandex XML search answer (`yandexsearch` format): the document count from
 * `<found-docs priority="all">` (the engine's more accurate figure), else the response's
 * `<found priority="all">`; and the domains of the first TOP_SIZE result groups, each from its first
 * document's `<domain>`, else from the host of its `<url>`. Error 15 (nothing found) gives 0 documents and
 * no domains; any other `<error>`, or a text with neither a count nor an error, throws SearchResultsError.
 *
 * A few regular expressions suffice: only these flat, attribute-light elements are read, and the format puts
 * no markup inside them (highlighting `<hlword>` lives in titles and passages, which are never read).
 */
export function parseSearchXml(xml: string): SearchPageSignals {
  const error = ERROR.exec(xml);
  if (error) {
    if (error[1] === NO_RESULTS_CODE) return { foundDocs: 0, topDomains: [] };
    throw new SearchResultsError('SEARCH_ENGINE_ERROR', `the search engine answered error ${error[1]}: ${decodeEntities(error[2]!).trim()}`);
  }
  const count = FOUND_DOCS_ALL.exec(xml)?.[1] ?? FOUND_ALL.exec(xml)?.[1];
  if (count === undefined) {
    if (!/<yandexsearch\b/i.test(xml)) throw new SearchResultsError('SEARCH_BAD_RESPONSE', 'the answer is not a search-results XML');
    throw new SearchResultsError('SEARCH_BAD_RESPONSE', 'the search-results XML has no document count');
  }
  const topDomains: string[] = [];
  for (const group of xml.matchAll(GROUP)) {
    if (topDomains.length >= TOP_SIZE) break;
    const domain = domainOf(group[1]!);
    if (domain) topDomains.push(domain);
  }
  return { foundDocs: Number(count), topDomains };
}

function domainOf(group: string): string | undefined {
  const domain = DOMAIN.exec(group)?.[1];
  if (domain) return decodeEntities(domain).toLowerCase();
  const url = URL_TAG.exec(group)?.[1];
  if (!url) return undefined;
  try {
    return new URL(decodeEntities(url)).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** The five predefined XML entities and numeric references. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10), whole);
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}
