/**
 * English names for regions of the Yandex tree: the well-known-name tables first, then rules for the naming
 * patterns of the tree (oblasts, krais, republics, autonomous okrugs, "city and oblast" pairs, Turkish provinces,
 * municipal districts), then plain transliteration.
 */
import { transliterate } from '../src/domain/regions/transliterate.js';
import { ADJECTIVE_STEMS_EN, NAME_EN_BY_ID, NAME_EN_BY_NAME, PROPER_NAMES_EN } from './region-names-en.js';
import { TURKISH_PROVINCES_EN } from './turkish-provinces-en.js';

/** Adjective endings stripped to reach the key of ADJECTIVE_STEMS_EN. */
const ADJECTIVE_ENDING = /(ая|ий|ый|ой|ое|ые)$/u;

/** An oblast, krai or okrug adjective in English: the well-known stem, else the transliterated adjective. */
function adjectiveEn(adjective: string): string {
  return ADJECTIVE_STEMS_EN[adjective.replace(ADJECTIVE_ENDING, '')] ?? transliterate(adjective);
}

/** A proper name (city, republic name) in English: well-known form, else transliteration. */
function properEn(name: string): string {
  return NAME_EN_BY_NAME[name] ?? PROPER_NAMES_EN[name] ?? transliterate(name);
}

/** English for "область": Ukraine and Russia use "Oblast" officially in English; Belarus and Kazakhstan "Region". */
function oblastWord(countryCode: string): string {
  return countryCode === 'BY' || countryCode === 'KZ' ? 'Region' : 'Oblast';
}

type Rule = readonly [pattern: RegExp, name: (match: RegExpMatchArray, countryCode: string) => string];

/** Naming patterns of the tree, tried in order; the first that matches names the region. */
const RULES: readonly Rule[] = [
  // "Москва и область" — a city merged with the oblast of the same name.
  [/^(.+) и область$/u, (m, cc) => `${properEn(m[1]!)} and ${properEn(m[1]!)} ${oblastWord(cc)}`],
  // "Санкт-Петербург и Ленинградская область" — a city merged with a differently named oblast.
  [/^(.+) и (\S+) область$/u, (m, cc) => `${properEn(m[1]!)} and ${adjectiveEn(m[2]!)} ${oblastWord(cc)}`],
  [/^(.+) автономный округ(?: - (.+))?$/u, (m) =>
    `${adjectiveEn(m[1]!)} Autonomous Okrug${m[2] ? ` - ${properEn(m[2])}` : ''}`],
  [/^(.+) автономная область$/u, (m) => `${adjectiveEn(m[1]!)} Autonomous Oblast`],
  [/^(.+) область$/u, (m, cc) => `${adjectiveEn(m[1]!)} ${oblastWord(cc)}`],
  [/^(.+) край$/u, (m) => `${adjectiveEn(m[1]!)} Krai`],
  [/^Республика (.+)$/u, (m) => `Republic of ${properEn(m[1]!)}`],
  [/^(.+) Республика$/u, (m) => `${adjectiveEn(m[1]!)} Republic`],
  [/^Провинция (.+)$/u, (m) => `${TURKISH_PROVINCES_EN[m[1]!] ?? transliterate(m[1]!)} Province`],
  // Municipal units: "Волоколамский район", "Район Печора", "Рузский городской округ", "Клин (городской округ)".
  [/^(.+) район$/u, (m) => `${transliterate(m[1]!)} District`],
  [/^Район (.+)$/u, (m) => `${properEn(m[1]!)} District`],
  [/^(.+) \(городской округ\)$/u, (m) => `${properEn(m[1]!)} Urban Okrug`],
  [/^(.+) городской округ$/u, (m) => `${transliterate(m[1]!)} Urban Okrug`],
];

/**
 * The English name of a region: by id (groups, federal districts, countries), by whole name (well-known names),
 * by the first matching naming rule, else the transliteration of the Russian name.
 *
 * @param countryCode the region's ISO code, which decides "Oblast" vs "Region".
 */
export function englishRegionName(id: number, name: string, countryCode: string): string {
  const known = NAME_EN_BY_ID[id] ?? NAME_EN_BY_NAME[name];
  if (known !== undefined) return known;
  for (const [pattern, build] of RULES) {
    const match = name.match(pattern);
    if (match) return build(match, countryCode);
  }
  return transliterate(name);
}
