/**
 * Romanisation of Russian place names: BGN/PCGN (1947) in the simplified form English-language references use
 * for Russian geography (no diacritics, no apostrophes), so that names read as an English reader knows them:
 * Yekaterinburg, Oryol, Tver, Nizhny Novgorod, Yeysk.
 *
 * - а b в г д з и к л м н о п р с т у ф → a b v g d z i k l m n o p r s t u f; ж zh, х kh, ц ts, ч ch, ш sh,
 *   щ shch, ы y, э e, ю yu, я ya, й y.
 * - е is "ye" at the start of a word and after a vowel, й, ъ or ь (Yelets, Alekseyevka, Usolye), "e" elsewhere,
 *   including after ы (Naberezhnye Chelny, Mineralnye Vody, as English usage writes them).
 * - ё is always "yo" (Oryol, Korolyov, Ozyorsk).
 * - ъ and ь are dropped (Tver, Perm); ь or ъ before и gives "y" (Ilyinsky).
 * - A word-final adjective ending -ий / -ый is "y" (Nizhny, Novy, Volokolamsky), as BGN's "-iy"/"-yy" is
 *   written in English usage.
 * - Ukrainian/Belarusian letters that appear in regional names: і i, ї yi, є ye, ґ g, ў w.
 * - Dashes (— –) become "-", guillemets and typographic quotes become '"'; Latin letters, digits, spaces,
 *   hyphens and other punctuation are kept as they are.
 * - Capitalisation follows the source letter by letter: "Щ" → "Shch" in a capitalised word, "SHCH" in an
 *   all-capitals word (an abbreviation such as "СНГ" → "SNG").
 */

const LETTERS: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'w',
};

const PUNCTUATION: Readonly<Record<string, string>> = {
  '—': '-', '–': '-', '‑': '-', '«': '"', '»': '"', '“': '"', '”': '"', '„': '"',
};

/** Letters after which е is written "ye". */
const YE_AFTER = new Set([...'аеёиоуэюяіїєйъь']);

const isCyrillicLetter = (ch: string | undefined): boolean => ch !== undefined && ch.toLowerCase() in LETTERS;

/** True when the word containing position `i` is written in capitals throughout and is longer than one letter. */
function inCapitalWord(chars: readonly string[], i: number): boolean {
  let start = i;
  while (start > 0 && isCyrillicLetter(chars[start - 1])) start--;
  let end = i;
  while (end < chars.length - 1 && isCyrillicLetter(chars[end + 1])) end++;
  if (end === start) return false;
  for (let k = start; k <= end; k++) {
    const ch = chars[k] as string;
    if (ch === ch.toLowerCase()) return false;
  }
  return true;
}

/** The Latin spelling of the Cyrillic letter at `i` (given lower-cased as `lower`), which depends on its neighbours. */
function romanise(chars: readonly string[], i: number, lower: string): string {
  const at = (k: number): string | undefined => chars[k]?.toLowerCase();
  const prev = at(i - 1);
  if (lower === 'е') return !isCyrillicLetter(prev) || YE_AFTER.has(prev as string) ? 'ye' : 'e';
  if ((lower === 'ь' || lower === 'ъ') && at(i + 1) === 'и') return 'y';
  // Adjective ending -ий / -ый closing a word of 4+ letters: the vowel is absorbed and "й" alone gives "y".
  const endsWord = at(i + 1) === 'й' && !isCyrillicLetter(at(i + 2));
  if ((lower === 'и' || lower === 'ы') && endsWord && isCyrillicLetter(prev) && isCyrillicLetter(at(i - 2))) return '';
  return LETTERS[lower] ?? lower;
}

/**
 * Transliterates Russian (Cyrillic) text into Latin letters with the simplified BGN/PCGN scheme described at the
 * top of this module. Pure and total: characters it has no rule for are copied unchanged.
 *
 * @example transliterate('Орёл') // 'Oryol'
 * @example transliterate('Нижний Новгород') // 'Nizhny Novgorod'
 */
export function transliterate(text: string): string {
  const chars = [...text];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const lower = ch.toLowerCase();
    if (!(lower in LETTERS)) {
      out += PUNCTUATION[ch] ?? ch;
      continue;
    }
    const latin = romanise(chars, i, lower);
    if (ch === lower || latin === '') out += latin;
    else if (inCapitalWord(chars, i)) out += latin.toUpperCase();
    else out += latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}
