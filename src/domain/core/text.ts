/** Words of a search phrase as the cleaning rules see them: lower case, ё as е, б/у as one word. */

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** Lower-cases, folds ё to е and joins the spellings of "б/у" (бу, б.у., б у) into "бу". */
export function normalizePhrase(phrase: string): string {
  return phrase
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/(^|[^\p{L}])б\s*[/.]?\s*у(?=$|[^\p{L}])\.?/gu, '$1бу');
}

/** The words of a phrase, in order; search operators (+ ! " [ ] and a leading -) are not words. */
export function tokenize(phrase: string): string[] {
  return normalizePhrase(phrase).match(WORD) ?? [];
}
