/**
 * A crude stem for matching place names in any case form when the dictionary does not know the name (az has
 * no Казань, Самара or Краснодар: it guesses a verb or an adjective). One case ending is cut, longest first,
 * and only when at least 4 letters remain, so "в казани", "казанью" and "казань" meet at "казан". Only for
 * places (no -ов/-ев: Ростов, Королёв keep theirs): one-word names that collide with ordinary words are listed as ambiguous in data/core/place-aliases.json.
 */
const ENDINGS = [
  'ями', 'ами', 'ого', 'его', 'ому', 'ему', 'ыми', 'ими',
  'ах', 'ях', 'ам', 'ям', 'ом', 'ем', 'ой', 'ей', 'ью', 'ый', 'ий', 'ая', 'яя', 'ую', 'юю', 'ые', 'ие', 'ых', 'их',
  'а', 'я', 'о', 'е', 'и', 'ы', 'у', 'ю', 'ь', 'й',
];
const MIN_STEM = 4;

export function placeStem(word: string): string {
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) return word.slice(0, -ending.length);
  }
  return word;
}
