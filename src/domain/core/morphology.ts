/**
 * What the cleaning rules need of a morphology: one normal form (lemma) per word. The domain owns this
 * shape; src/ports/morphology.ts hands out an implementation (src/adapters/morphology/) loaded once.
 */
export interface Morphology {
  /**
   * The normal form of one lower-case word (ё already folded to е by the caller).
   * Russian words: the dictionary's lemma, except comparatives and superlatives, which stay as written
   * (лучший must not become хороший). Latin words: a stem. Unknown words: the word itself.
   */
  lemma(word: string): string;
  /** Every normal form the word may have, `lemma(word)` first (казани: казань or казан); for place names. */
  lemmaVariants(word: string): readonly string[];
}
