import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stemmer } from 'stemmer';
import type { Morphology, MorphologyProvider } from '../../ports/morphology.js';

/** The part of `az` (a port of pymorphy2, OpenCorpora dictionaries shipped in its package) used here. */
interface AzParse {
  tag: { POS?: string; COMP?: boolean; Supr?: boolean; Cmp2?: boolean };
  normalize(): { word: string };
}
interface AzModule {
  Morph: ((word: string) => AzParse[]) & { init(path: string, callback: (err?: unknown) => void): void };
}

const require = createRequire(import.meta.url);

/** The folder of az's dictionaries, inside its npm package: nothing is downloaded. */
export function azDictionaryDir(): string {
  return join(dirname(require.resolve('az/package.json')), 'dicts');
}

const CYRILLIC = /[а-яё]/;
const LATIN = /^[a-z]+$/;

/**
 * Wraps a loaded az: the first (most probable) parse's normal form, comparatives and superlatives kept as
 * written, Latin words through the Porter stemmer, a per-word memo (a core repeats its words a lot).
 */
export function azMorphology(az: AzModule, memoLimit = 200_000): Morphology {
  const memo = new Map<string, string>();
  const analyse = (word: string): string => {
    if (LATIN.test(word)) return stemmer(word);
    if (!CYRILLIC.test(word)) return word;
    const parse = az.Morph(word)[0];
    if (!parse) return word;
    const tag = parse.tag;
    if (tag.POS === 'COMP' || tag.Supr || tag.Cmp2) return word;
    // Some parses (hyphenated words, unknown-word guesses) have no normal form: the word stands for itself.
    const normal = parse.normalize() as { word?: unknown } | null | false;
    return normal && typeof normal.word === 'string' ? normal.word.toLowerCase().replaceAll('ё', 'е') : word;
  };
  const variantMemo = new Map<string, readonly string[]>();
  const variants = (word: string): readonly string[] => {
    const first = analyse(word);
    if (!CYRILLIC.test(word)) return [first];
    const all = new Set([first]);
    for (const parse of az.Morph(word)) {
      const normal = parse.normalize() as { word?: unknown } | null | false;
      if (normal && typeof normal.word === 'string') all.add(normal.word.toLowerCase().replaceAll('ё', 'е'));
    }
    return [...all];
  };
  return {
    lemmaVariants(word) {
      let list = variantMemo.get(word);
      if (list === undefined) {
        list = variants(word);
        if (variantMemo.size >= memoLimit) variantMemo.clear();
        variantMemo.set(word, list);
      }
      return list;
    },
    lemma(word) {
      let lemma = memo.get(word);
      if (lemma === undefined) {
        lemma = analyse(word);
        if (memo.size >= memoLimit) memo.clear();
        memo.set(word, lemma);
      }
      return lemma;
    },
  };
}

/** Loads az's dictionaries (about 12 MB, read asynchronously from its package folder). */
export function loadAzMorphology(dictDir = azDictionaryDir()): Promise<Morphology> {
  const az = require('az') as AzModule;
  return new Promise((resolve, reject) => {
    az.Morph.init(dictDir, (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(azMorphology(az))));
  });
}

let shared: Promise<Morphology> | undefined;

/** The process's one morphology: loaded on the first `get()`, shared afterwards; a failed load is retried. */
export const azMorphologyProvider: MorphologyProvider = {
  get() {
    if (!shared) {
      shared = loadAzMorphology();
      shared.catch(() => {
        shared = undefined;
      });
    }
    return shared;
  },
};
