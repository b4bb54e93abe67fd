import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegionCatalog, type Region, type RegionCatalog } from '../domain/regions/catalog.js';

/**
 * Finds a file shipped under the project's `data/` folder, walking up from this module so it works from
 * `src/` (tsx, tests) and from `dist/src/` (built) alike.
 */
export function findDataFile(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'data', name);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`data/${name} not found above ${fileURLToPath(import.meta.url)}`);
}

/** Loads the shipped region tree (data/regions.json). */
export function loadRegionCatalog(path = findDataFile('regions.json')): RegionCatalog {
  const regions = JSON.parse(readFileSync(path, 'utf8')) as Region[];
  return createRegionCatalog(regions);
}
