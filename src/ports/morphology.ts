import type { Morphology } from '../domain/core/morphology.js';
import type { CoreRulesData } from '../domain/core/rules.js';

export type { Morphology };

/**
 * Gives the morphology used to clean a semantic core. Its dictionary is loaded on the first `get()` only
 * (lazily: the service's start-up does not pay for it) and shared by every later call; after that,
 * `Morphology.lemma` is synchronous.
 */
export interface MorphologyProvider {
  get(): Promise<Morphology>;
}

/**
 * What cleaning a semantic core needs besides the request (operation core_clean): the morphology, loaded on first
 * use, and the word lists of data/core/. Composition wires the adapters (az, the data files); the same `rules()`
 * object must come back on every call (cleanCore compiles the lists once per object).
 */
export interface CoreCleaningDeps {
  morphology: MorphologyProvider;
  rules(): CoreRulesData;
}
