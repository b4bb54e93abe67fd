import { between, mix, SALT } from './hash.js';
import { phraseParams } from './phrase-model.js';
import { isGibberishWord } from './word-model.js';
import { DOMAINS } from './vocabulary.js';

/** What a search-results page says about a phrase: how many documents match and who ranks on top. */
export interface DemoSearchResults {
  foundDocs: number;
  topDomains: string[];
}

/** Words that make a query commercial: marketplaces then crowd the first page. */
const COMMERCIAL = /(купить|цена|стоимость|недорого|заказать|доставк|магазин|скидк|аренда|бу\b)/u;
const MARKETPLACES = 8;

/**
 * A deterministic model of a search-results page for the competition estimate. Popular phrases match more
 * documents (roughly volume^0.8 times 10^1.5–10^3.2); phrases with no demand still match a few hundred
 * documents at most, gibberish almost none. Commercial phrases get mostly marketplace domains on top.
 * Up to ten distinct domains, fewer when fewer documents match.
 */
export function demoCompetition(phrase: string): DemoSearchResults {
  const params = phraseParams(phrase);
  const { seed } = params;
  let foundDocs: number;
  if (params.words.length === 0 || params.words.some(isGibberishWord)) {
    foundDocs = Math.floor(between(0, 8, seed, SALT.competition));
  } else if (params.volume30 === 0) {
    foundDocs = Math.round(10 ** between(1, 2.6, seed, SALT.competition));
  } else {
    foundDocs = Math.round(10 ** (0.8 * Math.log10(params.volume30) + between(1.5, 3.2, seed, SALT.competition)));
  }
  const commercial = COMMERCIAL.test(params.phrase);
  // Rank every domain by a per-phrase hash; commercial phrases pull the marketplaces forward.
  const ranked = DOMAINS.map((domain, i) => ({
    domain,
    key: mix(seed, SALT.competition, i) / 4_294_967_296 - (commercial && i < MARKETPLACES ? 0.6 : 0),
  })).sort((a, b) => a.key - b.key);
  return { foundDocs, topDomains: ranked.slice(0, Math.min(10, foundDocs)).map((r) => r.domain) };
}
