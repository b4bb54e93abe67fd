import { CATEGORIES, categoryOf } from './categories.js';
import { between, mix, SALT } from './hash.js';
import { phraseParams } from './phrase-model.js';
import { COMMERCIAL_DOMAINS, COMMERCIAL_WORDS, INFORMATIONAL_WORDS, REFERENCE_DOMAINS } from './vocabulary.js';
import { isGibberishWord, MODIFIER_WORDS } from './word-model.js';

/** What a search-results page says about a phrase: how many documents match and who ranks on top. */
export interface DemoSearchResults {
  foundDocs: number;
  topDomains: string[];
}

/** A phrase of no category: neither shop nor encyclopedia. */
const UNKNOWN_COMMERCIALITY = 0.4;

/**
 * How commercial a phrase is, 0 (a question) … 1 (a purchase): its category's figure, raised to 0.9 by a
 * buying word ("купить", "цена", "доставка"), else lowered to 0.1 by a question word ("как", "что такое",
 * "рецепт", "погода"), varied ±0.05 per phrase.
 */
export function commercialityOf(words: readonly string[], seed: number): number {
  const match = categoryOf(words, (w) => MODIFIER_WORDS.has(w));
  let c = match ? CATEGORIES[match.category]!.commerciality : UNKNOWN_COMMERCIALITY;
  if (words.some((w) => COMMERCIAL_WORDS.has(w))) c = Math.max(c, 0.9);
  else if (words.some((w) => INFORMATIONAL_WORDS.has(w))) c = Math.min(c, 0.1);
  return Math.min(1, Math.max(0, c + between(-0.05, 0.05, seed, SALT.competition, 1)));
}

/** `count` domains of `pool` in an order of the phrase's own (a hash per domain). */
function pick(pool: readonly string[], count: number, seed: number, salt: number): string[] {
  return pool
    .map((domain, i) => ({ domain, key: mix(seed, SALT.competition, salt, i) }))
    .sort((a, b) => a.key - b.key)
    .slice(0, count)
    .map((r) => r.domain);
}

/** Up to ten result slots (fewer when fewer documents match): the shops, then reference sites, repeated as needed. */
function page(shops: readonly string[], reference: readonly string[], foundDocs: number): string[] {
  const slots = Math.min(10, foundDocs);
  const free = Math.max(0, slots - shops.length);
  return [...shops.slice(0, slots), ...Array.from({ length: reference.length > 0 ? free : 0 }, (_, i) => reference[i % reference.length]!)];
}

/**
 * A deterministic model of a search-results page, built so that the real competition formula
 * (src/domain/competition.ts) follows how commercial the phrase is: a shopping query's page matches many
 * documents (10^7–10^8) and is held by big marketplaces and classifieds, ten different sites; an
 * informational one ("погода", "как …", "что такое …") matches far fewer pages that compete for it (10^3–10^4)
 * and shows a few reference sites again and again. So commercial phrases come out HIGH, informational LOW.
 * Phrases with no demand match a few hundred documents at most, gibberish almost none.
 */
export function demoCompetition(phrase: string): DemoSearchResults {
  const params = phraseParams(phrase);
  const { seed, words } = params;
  if (words.length === 0 || words.some(isGibberishWord)) {
    const foundDocs = Math.floor(between(0, 8, seed, SALT.competition));
    return { foundDocs, topDomains: page([], pick(REFERENCE_DOMAINS, 2, seed, 2), foundDocs) };
  }
  const c = commercialityOf(words, seed);
  const popularity = 0.25 * Math.log10(params.volume30 + 1);
  const foundDocs =
    params.volume30 === 0
      ? Math.round(10 ** between(1, 2.6, seed, SALT.competition))
      : Math.round(10 ** (1.5 + 6 * c + popularity + between(-0.3, 0.3, seed, SALT.competition)));
  // Shops take slots as the square of commerciality: none for a question, 8 of 10 for a purchase.
  const big = Math.round(10 * c * c);
  const distinct = Math.min(10, Math.max(big + 1, 3 + Math.round(7 * c)));
  return { foundDocs, topDomains: page(pick(COMMERCIAL_DOMAINS, big, seed, 3), pick(REFERENCE_DOMAINS, distinct - big, seed, 4), foundDocs) };
}
