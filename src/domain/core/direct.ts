/**
 * Yandex Direct's limits for negative keywords, as issue 27 states them: a negative phrase of at most
 * 7 words, each at most 35 characters; `!` fixes a word form, `[]` fixes the order; a keyword with its
 * inline negatives at most 4,096 characters, where `-!` counts as one; at most 30 shared negative-keyword
 * sets per user and 3 per ad group.
 */
export const DIRECT_LIMITS = {
  maxWordsInNegativePhrase: 7,
  maxWordLength: 35,
  maxKeywordWithNegativesLength: 4096,
  maxSharedSetsPerUser: 30,
  maxSharedSetsPerAdGroup: 3,
} as const;

/** Length as Direct counts it: `-!` is one character. */
export function directLength(text: string): number {
  return text.length - (text.match(/-!/g)?.length ?? 0);
}

/**
 * Writes a negative keyword in Direct's syntax from its words: stop words get `!` (Direct ignores them
 * otherwise), words fixed by the caller get `!`, `ordered` wraps the phrase in `[]`. Hyphens split words
 * (Direct reads "санкт-петербург" as two words).
 */
export function negativeKeywordText(words: readonly string[], stopWords: ReadonlySet<string>, ordered = false): string {
  const parts = words.flatMap((w) => w.split('-')).filter(Boolean);
  const written = parts.map((w) => (stopWords.has(w) && parts.length > 1 ? `!${w}` : w)).join(' ');
  return ordered && parts.length > 1 ? `[${written}]` : written;
}

/** Why Direct would refuse this negative keyword, or null when it fits. */
export function negativeKeywordProblem(text: string): string | null {
  const words = text.replace(/[[\]]/g, ' ').split(/\s+/).filter(Boolean).map((w) => w.replace(/^[-!+]+/, ''));
  if (words.length === 0) return 'empty';
  if (words.length > DIRECT_LIMITS.maxWordsInNegativePhrase)
    return `more than ${DIRECT_LIMITS.maxWordsInNegativePhrase} words`;
  const long = words.find((w) => w.length > DIRECT_LIMITS.maxWordLength);
  if (long) return `word over ${DIRECT_LIMITS.maxWordLength} characters: ${long}`;
  if (words.some((w) => !/^[\p{L}\p{N}]+$/u.test(w))) return 'characters Direct does not accept';
  return null;
}

/** Inline negatives for one keyword (`-word` / `-!word` / `-"phrase"` are not used: single words only). */
export function inlineNegatives(words: readonly string[], stopWords: ReadonlySet<string>): string[] {
  return words.map((w) => (stopWords.has(w) ? `-!${w}` : `-${w}`));
}
