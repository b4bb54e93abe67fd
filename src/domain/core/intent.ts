import { domainListed, urlKey } from './url-key.js';

// What one phrase's results pages say about it (POST /v2/core/intent). Each figure's definition is in
// docs/intent.md; the numbers here are the ones written there.

/** data/core/commerce.json: shop and marketplace domains, and the stems of selling words in titles. */
export interface CommerceListsData {
  shopDomains: string[];
  commercialStems: string[];
}

/** One result as the figures read it. */
export interface IntentResult {
  url: string;
  domain: string;
  title: string;
}

/** How many results each figure reads: the top 10 (a deeper page is cut). */
export const INTENT_TOP = 10;
/** Weights of the commerciality score's components from XML pages (no ads read); they sum to 1. */
export const COMMERCIALITY_WEIGHTS = { shops: 0.6, titles: 0.4 } as const;
/** Weights when the page was read as HTML and its ads are known; they sum to 1. */
export const COMMERCIALITY_WEIGHTS_WITH_ADS = { shops: 0.45, titles: 0.3, ads: 0.25 } as const;
/** The ads component: text ads count up to this many (the engine's top block holds at most 4), the gallery apart. */
export const TEXT_ADS_FULL = 4;
/** Within the ads component: the text ads' share and the product gallery's (they sum to 1). */
export const ADS_WEIGHTS = { textAds: 0.6, gallery: 0.4 } as const;
/** Below this score a phrase is informational; at or above COMMERCIAL_FROM, commercial; between, mixed. */
export const INFORMATIONAL_BELOW = 30;
export const COMMERCIAL_FROM = 70;
/** Below this share of top-10 URLs shared with the comparison region a phrase is geo-dependent. */
export const GEO_DEPENDENT_BELOW = 0.5;

export type IntentClass = 'informational' | 'mixed' | 'commercial';

export interface Commerciality {
  /** 0–100. */
  score: number;
  class: IntentClass;
  /** Share (0–1) of the top 10 on a shop or marketplace domain. */
  shopShare: number;
  /** Share (0–1) of the top 10 whose title holds a selling word. */
  commercialTitleShare: number;
  /** The ads component, when the page's ads were read (HTML); null from XML. */
  ads: AdsComponent | null;
}

/** What an HTML page's ads say: 0–1 from the text ads (up to TEXT_ADS_FULL) and the product gallery. */
export interface AdsComponent {
  score: number;
  textAds: number;
  productGallery: boolean;
}

/** The ads a page showed (the port's SerpAds, as the figures read it). */
export interface IntentAds {
  text: readonly unknown[];
  productGallery: { count: number } | null;
}

/** The lists as the figures use them (built once per request). */
export interface CommerceLists {
  shops: ReadonlySet<string>;
  /** Stems matched at a word's start. */
  wordStems: readonly string[];
  /** Stems with a space or a sign, looked for as written. */
  phrases: readonly string[];
}

export function commerceLists(data: CommerceListsData): CommerceLists {
  const stems = data.commercialStems.map((s) => s.toLowerCase());
  const isWord = (s: string) => /^[\p{L}-]+$/u.test(s);
  return { shops: new Set(data.shopDomains.map((d) => d.toLowerCase())), wordStems: stems.filter(isWord), phrases: stems.filter((s) => !isWord(s)) };
}

const top = <T>(results: readonly T[]): readonly T[] => results.slice(0, INTENT_TOP);
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A title sells when one of its words starts with a selling stem, or it holds a multi-word stem as written. */
export function isCommercialTitle(title: string, lists: CommerceLists): boolean {
  const text = title.toLowerCase().replaceAll('ё', 'е');
  if (lists.phrases.some((p) => text.includes(p))) return true;
  const words = text.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
  return words.some((word) => lists.wordStems.some((stem) => word.startsWith(stem)));
}

export function intentClass(score: number): IntentClass {
  if (score < INFORMATIONAL_BELOW) return 'informational';
  return score >= COMMERCIAL_FROM ? 'commercial' : 'mixed';
}

/** The ads component: 0.6 × min(text ads, 4) ÷ 4 + 0.4 × (a product gallery shown), 2 decimals. */
export function adsComponent(ads: IntentAds): AdsComponent {
  const textAds = ads.text.length;
  const productGallery = ads.productGallery !== null;
  const score = ADS_WEIGHTS.textAds * (Math.min(textAds, TEXT_ADS_FULL) / TEXT_ADS_FULL) + ADS_WEIGHTS.gallery * (productGallery ? 1 : 0);
  return { score: round(score, 2), textAds, productGallery };
}

/**
 * Commerciality from the top 10: 100 × (0.6 × shop share + 0.4 × selling-title share), rounded; when the page was
 * read as HTML (`ads` known), 100 × (0.45 × shops + 0.3 × titles + 0.25 × ads). The components are combined
 * unrounded; the shares shown are rounded to 2 decimals.
 */
export function commerciality(results: readonly IntentResult[], lists: CommerceLists, ads?: IntentAds): Commerciality {
  const page = top(results);
  const shopShare = share(page.filter((r) => domainListed(r.domain.toLowerCase().replace(/^www\./, ''), lists.shops)).length, page.length);
  const commercialTitleShare = share(page.filter((r) => isCommercialTitle(r.title, lists)).length, page.length);
  const adsPart = ads ? adsComponent(ads) : null;
  const raw = adsPart
    ? COMMERCIALITY_WEIGHTS_WITH_ADS.shops * shopShare + COMMERCIALITY_WEIGHTS_WITH_ADS.titles * commercialTitleShare + COMMERCIALITY_WEIGHTS_WITH_ADS.ads * adsPart.score
    : COMMERCIALITY_WEIGHTS.shops * shopShare + COMMERCIALITY_WEIGHTS.titles * commercialTitleShare;
  const score = Math.round(100 * raw);
  return { score, class: intentClass(score), shopShare: round(shopShare, 2), commercialTitleShare: round(commercialTitleShare, 2), ads: adsPart };
}

/**
 * Geo-dependence: the share of the asked region's top-10 URLs (normalised as clustering compares them) that the
 * comparison region's top 10 holds too; dependent below one half. Null when the asked page is empty.
 */
export function geoOverlap(asked: readonly IntentResult[], compared: readonly IntentResult[]): { overlap: number | null; dependent: boolean | null } {
  const keys = (results: readonly IntentResult[]) => new Set(top(results).flatMap((r) => urlKey(r.url)?.key ?? []));
  const mine = keys(asked);
  if (mine.size === 0) return { overlap: null, dependent: null };
  const theirs = keys(compared);
  const overlap = round(share([...mine].filter((k) => theirs.has(k)).length, mine.size), 2);
  return { overlap, dependent: overlap < GEO_DEPENDENT_BELOW };
}

/** Sites' home pages (a URL with no path) among the top 10: many of them mean a page's competitors are whole sites. */
export const homePages = (results: readonly IntentResult[]): number => top(results).filter((r) => urlKey(r.url)?.home === true).length;

/** KEI = count² ÷ found_docs (the classic keyword effectiveness index), 2 decimals; null without both. */
export function kei(count: number | null, foundDocs: number): number | null {
  if (count === null || foundDocs <= 0) return null;
  return round((count * count) / foundDocs, 2);
}
