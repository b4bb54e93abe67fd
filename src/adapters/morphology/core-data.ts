import { readFileSync } from 'node:fs';
import type { CoreRulesData } from '../../domain/core/rules.js';
import { findDataFile } from '../region-data.js';

const read = <T>(name: string): T => JSON.parse(readFileSync(findDataFile(`core/${name}`), 'utf8')) as T;

let cached: CoreRulesData | undefined;

/** The word lists of data/core/ (noise classes, stop words, order rules, place aliases, commerce lists), read once. */
export function loadCoreRules(): CoreRulesData {
  cached ??= {
    noise: read('noise-classes.json'),
    stopWords: read('stop-words.json'),
    orderRules: read('order-rules.json'),
    places: read('place-aliases.json'),
    commerce: read('commerce.json'),
  };
  return cached;
}
