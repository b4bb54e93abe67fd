import { collapseSpaces } from './collapse-spaces.js';
import { type ExtraMatchType, matchTypePhrase } from './match-types.js';
import { monthlyOperatorProblem } from './requests/fields.js';

/**
 * The form a keyword is written in, read from its own Wordstat operators (issue 24, item 4: lists are pasted
 * from Wordstat or a semantic core with their operators). `broad`: no operator but `+`; `phrase`: `"w1 w2"`;
 * `exact`: every word fixed with `!`, quoted or not (`!w1 !w2`, `"!w1 !w2"`); `order`: `[w1 w2]`; `operators`:
 * anything else (minus words, `|`, `( )`, a partly fixed or mixed form), counted as written.
 */
export const KEYWORD_FORMS = ['broad', 'phrase', 'exact', 'order', 'operators'] as const;
export type KeywordFormName = (typeof KEYWORD_FORMS)[number];

export interface KeywordForm {
  form: KeywordFormName;
  /**
   * The phrase Wordstat counts over the last 30 days for this keyword: for phrase, exact and order the form's
   * canonical spelling (as match_types sends it, so `!a !b` and `"!a !b"` are one figure); for `operators` the
   * keyword as written. The broad keyword itself for broad (it has monthly figures of its own).
   */
  measured: string;
  /**
   * The broad phrase whose monthly series the keyword's months are derived from (holds no operator but `+`): the
   * keyword's words without its operators, minus words and `( | )` groups, which only narrow what is counted,
   * so this phrase counts a superset. Undefined when nothing is left (`a | b`, `(a|b)`): no series can be derived.
   */
  base: string | undefined;
}

const WRAPPED_PHRASE = /^"([^"]*)"$/;
const WRAPPED_ORDER = /^\[([^\]]*)\]$/;

/** The form of a normalised keyword (trimmed, spaces collapsed). Never throws: the source judges the syntax. */
export function keywordFormOf(phrase: string): KeywordForm {
  if (!monthlyOperatorProblem(phrase)) return { form: 'broad', measured: phrase, base: phrase };
  const typed = matchTypeOf(phrase);
  if (typed) return { form: typed.type, measured: matchTypePhrase(typed.words, typed.type), base: typed.words };
  return { form: 'operators', measured: phrase, base: basePhrase(phrase) };
}

/** `"w"`, `!w1 !w2` / `"!w1 !w2"`, `[w]` over plain words (`+` allowed), else undefined. */
function matchTypeOf(phrase: string): { type: ExtraMatchType; words: string } | undefined {
  const quoted = WRAPPED_PHRASE.exec(phrase);
  const inner = collapseSpaces(quoted ? quoted[1]! : phrase);
  if (inner === '') return undefined;
  const words = inner.split(' ');
  if (words.every((w) => /^!\S/.test(w))) {
    const plain = words.map((w) => w.slice(1)).join(' ');
    return monthlyOperatorProblem(plain) ? undefined : { type: 'exact', words: plain };
  }
  if (quoted) return monthlyOperatorProblem(inner) ? undefined : { type: 'phrase', words: inner };
  const ordered = WRAPPED_ORDER.exec(phrase);
  if (ordered) {
    const plain = collapseSpaces(ordered[1]!);
    return plain !== '' && !monthlyOperatorProblem(plain) ? { type: 'order', words: plain } : undefined;
  }
  return undefined;
}

/**
 * The superset phrase of a keyword with any operators: minus words and `( … )` groups dropped (each only narrows),
 * then quotes, brackets and `!` taken off. A `|` outside a group makes the whole phrase alternatives: no single
 * superset phrase, undefined.
 */
function basePhrase(phrase: string): string | undefined {
  let rest = phrase;
  // Innermost groups first, so nested ones go too.
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(/\([^()]*\)/g, ' ');
  }
  if (/[|()]/.test(rest)) return undefined;
  const words = collapseSpaces(rest.replace(/["[\]]/g, ' '))
    .split(' ')
    .filter((w) => w !== '' && !w.startsWith('-'))
    .map((w) => w.replace(/^!+/, ''))
    .filter((w) => w !== '');
  const base = words.join(' ');
  return base !== '' && !monthlyOperatorProblem(base) ? base : undefined;
}
