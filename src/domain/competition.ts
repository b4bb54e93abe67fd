/** The competition estimate of a phrase from what its search-results page shows. Pure, no I/O. */

/** What one search-results page says about a phrase. */
export interface SearchPageSignals {
  /** The engine's estimate of matching documents (≥ 0). */
  foundDocs: number;
  /** Domains of the top results in rank order (at most the first TOP_SIZE count). */
  topDomains: readonly string[];
}

/** How many top results the estimate looks at: the first page. */
export const TOP_SIZE = 10;

/** Above this many documents the document term is saturated (10^9: the most common queries). */
export const FOUND_DOCS_SATURATION = 1e9;

/** Weights of the three terms; they sum to 1, so the estimate stays in [0, 1]. */
export const COMPETITION_WEIGHTS = { docs: 0.5, bigDomains: 0.35, fullness: 0.15 } as const;

/**
 * Big commercial sites: marketplaces, classifieds and large aggregators. When they hold the first page, a
 * newcomer has to outbid or outrank them, which is what "competition" means to an advertiser. A subdomain
 * counts as its parent (`spb.avito.ru` is `avito.ru`). Informational giants (encyclopedias, video, social
 * networks) are left out on purpose: they rank for everything and say little about commercial pressure.
 */
export const BIG_COMMERCIAL_DOMAINS: readonly string[] = [
  'avito.ru', 'ozon.ru', 'wildberries.ru', 'market.yandex.ru', 'megamarket.ru', 'sbermegamarket.ru',
  'aliexpress.ru', 'aliexpress.com', 'kazanexpress.ru', 'lamoda.ru', 'detmir.ru', 'goldapple.ru', 'letu.ru',
  'sportmaster.ru', 'dns-shop.ru', 'mvideo.ru', 'eldorado.ru', 'citilink.ru', 'lemanapro.ru', 'leroymerlin.ru',
  'petrovich.ru', 'vseinstrumenti.ru', 'youla.ru', 'auto.ru', 'drom.ru', 'cian.ru', 'domclick.ru', 'hh.ru',
  'superjob.ru', '2gis.ru', 'zoon.ru', 'profi.ru', 'prodoctorov.ru', 'sravni.ru', 'banki.ru', 'tutu.ru',
  'ostrovok.ru', 'apteka.ru', 'eapteka.ru',
];

/** A domain as compared: lower case, no `www.` and no trailing dot. */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
}

/** True when the domain is one of BIG_COMMERCIAL_DOMAINS or a subdomain of one. */
export function isBigCommercialDomain(domain: string): boolean {
  const d = normalizeDomain(domain);
  return BIG_COMMERCIAL_DOMAINS.some((big) => d === big || d.endsWith(`.${big}`));
}

/**
 * Document term in [0, 1]: log10(1 + foundDocs) / log10(FOUND_DOCS_SATURATION), capped at 1. Logarithmic
 * because counts span nine orders of magnitude and each order means about as much more competition;
 * non-decreasing in foundDocs; 0 for no documents and for a negative, NaN or infinite count (no signal).
 */
export function foundDocsScore(foundDocs: number): number {
  if (!Number.isFinite(foundDocs) || foundDocs <= 0) return 0;
  return Math.min(1, Math.log10(1 + foundDocs) / Math.log10(FOUND_DOCS_SATURATION));
}

/**
 * The competition estimate in [0, 1], rounded to two decimals:
 *
 *   0.50 × docs + 0.35 × bigDomains + 0.15 × fullness
 *
 * - docs: foundDocsScore(foundDocs), how much of the web competes for the phrase;
 * - bigDomains: the share of the TOP_SIZE result slots held by big commercial domains
 *   (BIG_COMMERCIAL_DOMAINS), how much money already stands on the first page;
 * - fullness: distinct domains among the top results divided by TOP_SIZE, so a page shared by ten
 *   different sites counts as more contested than one with three results or one site repeated.
 *
 * Slots beyond TOP_SIZE are ignored; a short page counts its missing slots as empty (neither big nor
 * distinct), so fewer results never raise the estimate. With foundDocs = 0 and no domains the estimate is 0;
 * with 10^9 documents and ten distinct big domains it is 1. Non-decreasing in foundDocs with the domains
 * fixed, and in the number of big domains with the rest fixed.
 */
export function competitionScore(page: SearchPageSignals): number {
  const top = page.topDomains.slice(0, TOP_SIZE).map(normalizeDomain).filter((d) => d !== '');
  const big = top.filter(isBigCommercialDomain).length / TOP_SIZE;
  const fullness = new Set(top).size / TOP_SIZE;
  const w = COMPETITION_WEIGHTS;
  const score = w.docs * foundDocsScore(page.foundDocs) + w.bigDomains * big + w.fullness * fullness;
  return Math.min(1, Math.max(0, Math.round(score * 100) / 100));
}
