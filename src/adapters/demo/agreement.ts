/**
 * Just enough Russian agreement for the demo's generated queries (issue 24, item 22): an adjective takes
 * the gender and number of its noun. "детский велосипед" has the association "детский самокат", but with
 * ролики it must read "детские ролики", with моноколесо "детское моноколесо"; a modifier adjective after a
 * phrase agrees too ("палатка белая"). Only nominative forms are handled: an adjective in another case
 * ("детских велосипедов") is left out of a generated query rather than written wrong.
 */

/** Gender and number of a noun in the nominative: masculine, feminine, neuter, plural. */
export type NounClass = 'm' | 'f' | 'n' | 'pl';

/** Nominative adjective endings by class, hard (красный), soft (синий) and after к г х ж ш ч щ (детский, большой). */
const ENDINGS = {
  hard: { m: 'ый', f: 'ая', n: 'ое', pl: 'ые' },
  soft: { m: 'ий', f: 'яя', n: 'ее', pl: 'ие' },
  velar: { m: 'ий', f: 'ая', n: 'ое', pl: 'ие' },
} as const;

const NOMINATIVE = /(ый|ий|ой|ая|яя|ое|ее|ые|ие)$/;
/** Nouns that look like adjectives, and words too short to tell. */
const NOT_ADJECTIVES = new Set([
  'мороженое', 'жаркое', 'животные', 'насекомые', 'дом', 'чай', 'край', 'музей',
  // Nouns in -ие of the modifier lists (vocabulary.ts): "велосипед сравненый" was listed (issue 27).
  'сравнение', 'значение', 'определение', 'лечение', 'обновление', 'расписание',
]);

/** Whether a word is an adjective in the nominative (by its ending: a model, not a dictionary). */
export function isNominativeAdjective(word: string): boolean {
  return word.length >= 5 && NOMINATIVE.test(word) && !NOT_ADJECTIVES.has(word);
}

/** Whether a word has an adjective's ending in any case ("детских", "красному"). */
export function isAdjectiveForm(word: string): boolean {
  return word.length >= 5 && /(ый|ий|ой|ая|яя|ое|ее|ые|ие|ых|их|ого|его|ому|ему|ым|им|ую|юю|ою|ею|ыми|ими)$/.test(word) && !NOT_ADJECTIVES.has(word);
}

/** The nominative adjective in class `to` ("детский" → f "детская", pl "детские"; "большой" → pl "большие"). */
export function inflectAdjective(adjective: string, to: NounClass): string {
  const stem = adjective.slice(0, -2);
  const ending = adjective.slice(-2);
  // A stressed -ой (большой, городской) stays in the masculine; the other forms follow the stem's last letter.
  if (to === 'm' && ending === 'ой') return adjective;
  const last = stem.at(-1) ?? '';
  const type = 'кгхжшчщ'.includes(last) ? 'velar' : ending === 'ий' || ending === 'яя' || ending === 'ее' ? 'soft' : 'hard';
  return stem + ENDINGS[type][to];
}

/**
 * The class of a noun in the nominative, by its ending: -ы/-и plural ("ролики", "лыжи"), -а/-я feminine,
 * -о/-е neuter, a consonant or -й masculine; undefined for -ь (either gender) and words that do not say.
 */
export function nounClass(noun: string): NounClass | undefined {
  if (/(ы|и)$/.test(noun)) return 'pl';
  if (/(ия)$/.test(noun) && /(ения|ания)$/.test(noun)) return 'pl'; // "удобрения", "растения"
  if (/(а|я)$/.test(noun)) return 'f';
  if (/(о|е)$/.test(noun)) return 'n';
  if (/[бвгджзклмнпрстфхцчшщй]$/.test(noun)) return 'm';
  return undefined;
}

/** The head noun of an entry or phrase: its first word that is not an adjective. */
export function headNoun(words: readonly string[]): string | undefined {
  return words.find((w) => !isAdjectiveForm(w));
}
