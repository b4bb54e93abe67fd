/**
 * Trims `value` and collapses every inner run of whitespace (spaces, tabs, line breaks, no-break spaces) to
 * one space: the form in which Wordstat reads a phrase, so the one form the service compares, caches and
 * sends. The only whitespace-collapsing rule in the code: phrase normalisation, cache keys and the LLM's
 * query ideas all use it.
 */
export function collapseSpaces(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}
