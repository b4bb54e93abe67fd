import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { transliterate } from '../../src/domain/regions/transliterate.js';

// Expected spellings are the established English forms of these places (which the simplified BGN/PCGN scheme
// is chosen to reproduce), so each row checks the scheme against an outside reference, not against itself.
const cases: ReadonlyArray<readonly [what: string, input: string, expected: string]> = [
  // One-to-one letters.
  ['plain letters', 'Тула', 'Tula'],
  ['plain letters', 'Барнаул', 'Barnaul'],
  ['plain letters', 'Псков', 'Pskov'],
  ['ф', 'Уфа', 'Ufa'],
  // Digraphs.
  ['ж → zh', 'Жуковский', 'Zhukovsky'],
  ['х → kh', 'Химки', 'Khimki'],
  ['ц → ts', 'Липецк', 'Lipetsk'],
  ['ч → ch', 'Чита', 'Chita'],
  ['ш → sh', 'Шахты', 'Shakhty'],
  ['щ → shch', 'Мытищи', 'Mytishchi'],
  // е: "ye" at a word start and after a vowel, ъ or ь; "e" after a consonant and after ы.
  ['е at word start', 'Елец', 'Yelets'],
  ['е after a vowel', 'Алексеевка', 'Alekseyevka'],
  ['е after ь', 'Усолье-Сибирское', 'Usolye-Sibirskoye'],
  ['е after ъ', 'Подъезд', 'Podyezd'],
  ['е after a consonant', 'Белгород', 'Belgorod'],
  ['е after ы', 'Минеральные Воды', 'Mineralnye Vody'],
  // ё is always "yo".
  ['ё after a consonant', 'Орёл', 'Oryol'],
  ['ё in a word', 'Королёв', 'Korolyov'],
  ['ё at word start', 'Ёлкино', 'Yolkino'],
  // й.
  ['й at word start', 'Йошкар-Ола', 'Yoshkar-Ola'],
  ['й after a vowel', 'Майкоп', 'Maykop'],
  ['й inside a word', 'Бийск', 'Biysk'],
  ['word-final -ий', 'Нижний Новгород', 'Nizhny Novgorod'],
  ['word-final -ый', 'Новый Уренгой', 'Novy Urengoy'],
  ['-ий before the end of a hyphenated name', 'Каменск-Уральский', 'Kamensk-Uralsky'],
  ['short word keeps -iy', 'Кий', 'Kiy'],
  // ъ and ь are dropped; before и they give "y".
  ['ь dropped', 'Тверь', 'Tver'],
  ['ь dropped before a consonant', 'Подольск', 'Podolsk'],
  ['ь before и', 'Ильинский', 'Ilyinsky'],
  ['ъ before a consonant', 'Объединённые', 'Obyedinyonnye'],
  // ы, э, ю, я.
  ['ы', 'Сызрань', 'Syzran'],
  ['э', 'Элиста', 'Elista'],
  ['э after a consonant', 'Улан-Удэ', 'Ulan-Ude'],
  ['ю', 'Тюмень', 'Tyumen'],
  ['ю at word start', 'Юрга', 'Yurga'],
  ['я', 'Ярославль', 'Yaroslavl'],
  // Hyphens and spaces separate words.
  ['hyphen', 'Петропавловск-Камчатский', 'Petropavlovsk-Kamchatsky'],
  ['hyphen then е-word', 'Орехово-Зуево', 'Orekhovo-Zuyevo'],
  ['hyphen then я', 'Пыть-Ях', 'Pyt-Yakh'],
  ['space', 'Старый Оскол', 'Stary Oskol'],
  // Capitalisation.
  ['lower case stays lower', 'щёлково', 'shchyolkovo'],
  ['capitalised word', 'Щёлково', 'Shchyolkovo'],
  ['all-capitals word', 'ЩЁЛКОВО', 'SHCHYOLKOVO'],
  ['abbreviation', 'СНГ (исключая Россию)', 'SNG (isklyuchaya Rossiyu)'],
  // Punctuation and non-Cyrillic text.
  ['em dash', 'Осетия — Алания', 'Osetiya - Alaniya'],
  ['guillemets', '«Сити»', '"Siti"'],
  ['Latin, digits, punctuation kept', 'Moscow 2024 (test), ok.', 'Moscow 2024 (test), ok.'],
  ['empty', '', ''],
  // Ukrainian letters that occur in regional names.
  ['і', 'Біла', 'Bila'],
  ['є', 'Європа', 'Yevropa'],
  ['ґ', 'Ґанок', 'Ganok'],
];

describe('transliterate', () => {
  it.each(cases)('%s: %s → %s', (_what, input, expected) => {
    expect(transliterate(input)).toBe(expected);
  });

  it('leaves no Cyrillic in any name of the shipped catalog', () => {
    for (const region of loadRegionCatalog().all) {
      expect(transliterate(region.name), region.name).toMatch(/^[A-Za-z0-9 ()\-.,'"]+$/);
    }
  });
});
