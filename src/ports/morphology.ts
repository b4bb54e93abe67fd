import type { Morphology } from '../domain/core/morphology.js';

export type { Morphology };

/**
 * Gives the morphology used to clean a semantic core. Its dictionary is loaded on the first `get()` only
 * (lazily: the service's start-up does not pay for it) and shared by every later call; after that,
 * `Morphology.lemma` is synchronous.
 */
export interface MorphologyProvider {
  get(): Promise<Morphology>;
}
