/**
 * Wordstat's query operators as the demo model reads them. A phrase is reduced to its plain words (what the
 * volume model counts, as broad match) plus the restrictions the operators add; match-model.ts turns those
 * into a share (≤ 1) of the broad volume.
 *
 *   "a b"      phrase match: queries of exactly these words (any order, any word forms)
 *   !a         the word in this form only
 *   "!a !b"    exact match (quotes plus ! on every word)
 *   [a b]      fixed word order (inside the brackets)
 *   +a         the word counted even if it is a stop word (the demo counts every word anyway: no effect)
 *   -a         queries with the word are left out
 *   (a|b) c    alternatives: the queries of "a c" and of "b c"
 */

export interface QueryVariant {
  /** Plain words in the order written (operators removed, repeats kept out). */
  words: readonly string[];
  /** Words marked with ! (a subset of words). */
  fixedForms: readonly string[];
  /** Word runs in [ ] with at least two words, each in the order written. */
  ordered: readonly (readonly string[])[];
  /** Minus words (-a) that are not words of the phrase. */
  minus: readonly string[];
  /** A minus word is also a word of the phrase ("a -a"): nothing can match. */
  selfExcluded: boolean;
}

export interface ParsedQuery {
  /** Quotes anywhere: phrase match (exact match when every word of a variant also has !). */
  quoted: boolean;
  /** One variant per combination of alternatives (one when there are none); at most MAX_VARIANTS. */
  variants: readonly QueryVariant[];
  /** Any operator that changes the count: quotes, !, [ ], -, ( | ). A lone + does not. */
  restricted: boolean;
}

/** Alternatives multiply; a phrase with many groups is counted on its first 16 combinations only. */
const MAX_VARIANTS = 16;

/** Characters that are operators wherever they stand (the leading ! + - of a word are handled per word). */
const OPERATOR_CHARS = /["[\]()|!+]/g;

/** Expands "(a|b) c (d|e)" into its combinations ("a c d", "a c e", …), keeping the other operators. */
function expandAlternatives(text: string): string[] {
  let variants = [''];
  const group = /\(([^()]*)\)/g;
  let last = 0;
  for (let m = group.exec(text); m !== null; m = group.exec(text)) {
    const before = text.slice(last, m.index);
    const options = m[1]!.split('|').map((o) => o.trim());
    variants = variants.flatMap((v) => options.map((o) => `${v}${before} ${o} `)).slice(0, MAX_VARIANTS);
    last = m.index + m[0].length;
  }
  const rest = text.slice(last);
  return variants.map((v) => `${v}${rest}`);
}

/** One combination's words and per-word operators. */
function parseVariant(text: string): QueryVariant {
  const words: string[] = [];
  const fixedForms: string[] = [];
  const ordered: string[][] = [];
  const minus: string[] = [];
  let bracket: string[] | undefined;
  // Brackets may touch words ("[a b]"): spaced out so that each is a token.
  for (const token of text.replace(/\[/g, ' [ ').replace(/\]/g, ' ] ').split(' ')) {
    if (token === '[') {
      bracket = [];
      continue;
    }
    if (token === ']') {
      if (bracket && bracket.length >= 2) ordered.push(bracket);
      bracket = undefined;
      continue;
    }
    const isMinus = token.startsWith('-');
    const head = isMinus ? token.slice(1) : token;
    const word = head.replace(OPERATOR_CHARS, '').replace(/^-+/, '');
    if (word === '') continue;
    if (isMinus) {
      if (!minus.includes(word)) minus.push(word);
      continue;
    }
    if (words.includes(word)) continue;
    words.push(word);
    if (/^[+]*!/.test(head)) fixedForms.push(word);
    bracket?.push(word);
  }
  if (bracket && bracket.length >= 2) ordered.push(bracket); // an unclosed bracket runs to the end
  const selfExcluded = minus.some((w) => words.includes(w));
  return { words, fixedForms, ordered, minus: minus.filter((w) => !words.includes(w)), selfExcluded };
}

/**
 * Reads a canonical phrase (lower case, spaces collapsed). ё is folded to е here too, so the demo's numbers
 * never depend on the spelling whoever calls it chose (the service's canonical form folds it already).
 */
export function parseQuery(canonical: string): ParsedQuery {
  const text = canonical.replaceAll('ё', 'е');
  const quoted = text.includes('"');
  const variants = expandAlternatives(text.replaceAll('"', ' ')).map(parseVariant);
  const restricted =
    quoted ||
    variants.length > 1 ||
    variants.some((v) => v.fixedForms.length > 0 || v.ordered.length > 0 || v.minus.length > 0 || v.selfExcluded);
  return { quoted, variants, restricted };
}

/** The plain text of a variant: its words in the order written (what a broad-match query of them reads as). */
export function plainText(variant: QueryVariant): string {
  return variant.words.join(' ');
}
