/**
 * Builds the shipped region catalog, data/regions.json, from the normalised Yandex region tree
 * (shared data/regions.json: 869 regions, `nameEn: null`, upper-case types; see data/ATTRIBUTION.md).
 *
 *   npx tsx scripts/build-regions.ts [path-to-shared-regions.json]
 *
 * Default source: ../shared/data/regions.json relative to the repository root (else the nearest
 * `shared/data/regions.json` further up). What the build adds or corrects:
 * - `nameEn`: well-known English names from region-names-en.ts / turkish-provinces-en.ts, naming rules from
 *   region-name-rules.ts, else transliteration with src/domain/regions/transliterate.ts (simplified BGN/PCGN,
 *   documented there).
 * - `type`: the source's type lower-cased, checked against the rules in region-type-rules.ts (a rule wins and
 *   the change is reported).
 * - `countryCode`: every region below a country carries that country's code; roots (continents and groups)
 *   get ''; a country the source leaves without a code gets one from COUNTRY_CODE_FILL.
 * - Duplicated ids (the raw source lists 183 "Азия" twice) are kept once; duplicates that differ are an error.
 * Output: sorted by id, JSON with a one-space indent and a final newline, so rebuilding is byte-for-byte stable.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Region } from '../src/domain/regions/catalog.js';
import { REGION_TYPES, type RegionType } from '../src/domain/types.js';
import { englishRegionName } from './region-name-rules.js';
import { classifyRegion, type SourceRegion } from './region-type-rules.js';

const sourceSchema = z.array(
  z.object({
    id: z.number().int().positive(),
    parentId: z.number().int().positive().nullable(),
    name: z.string().min(1),
    type: z.string().transform((t) => t.toLowerCase()).pipe(z.enum(REGION_TYPES)),
    countryCode: z.string().regex(/^[A-Z]{2}$/).nullable(),
  }),
);

/**
 * Countries the source leaves without a code. Abkhazia has no ISO 3166-1 code of its own; ISO 3166 lists it
 * as the subdivision GE-AB of Georgia, so GE is the only ISO 3166-1 alpha-2 code that covers it.
 */
export const COUNTRY_CODE_FILL: Readonly<Record<number, string>> = { 29386: 'GE' };

/**
 * The pure core of the build: turns the parsed source file into the catalog's regions (sorted by id).
 * Throws on input it cannot make consistent (unknown parent, cycle, conflicting duplicate or country code).
 *
 * @param log receives one line per correction made to the source (type fixes, filled country codes).
 */
export function buildRegions(source: unknown, log: (line: string) => void = () => {}): Region[] {
  const byId = new Map<number, SourceRegion>();
  for (const row of sourceSchema.parse(source)) {
    const seen = byId.get(row.id);
    if (seen && JSON.stringify(seen) !== JSON.stringify(row)) throw new Error(`id ${row.id} is listed twice, differently`);
    byId.set(row.id, row);
  }
  const parentOf = (r: SourceRegion): SourceRegion | undefined => {
    if (r.parentId === null) return undefined;
    const parent = byId.get(r.parentId);
    if (!parent) throw new Error(`region ${r.id} has unknown parent ${r.parentId}`);
    return parent;
  };

  const types = new Map<number, RegionType>();
  const typeOf = (r: SourceRegion, depth = 0): RegionType => {
    const known = types.get(r.id);
    if (known) return known;
    if (depth > byId.size) throw new Error(`cycle through region ${r.id}`);
    const parent = parentOf(r);
    const type = classifyRegion(r, parent, parent && typeOf(parent, depth + 1));
    if (type !== r.type) log(`type ${r.id} ${r.name}: ${r.type} -> ${type}`);
    types.set(r.id, type);
    return type;
  };
  for (const r of byId.values()) typeOf(r);

  const codeOf = (r: SourceRegion): string => {
    for (let node: SourceRegion | undefined = r, depth = 0; node; node = parentOf(node), depth++) {
      if (depth > byId.size) throw new Error(`cycle through region ${r.id}`);
      if (types.get(node.id) !== 'country') continue;
      const code = node.countryCode ?? COUNTRY_CODE_FILL[node.id];
      if (!code) throw new Error(`country ${node.id} ${node.name} has no country code`);
      return code;
    }
    return '';
  };

  const regions: Region[] = [];
  for (const r of [...byId.values()].sort((a, b) => a.id - b.id)) {
    const countryCode = codeOf(r);
    if (r.countryCode !== null && r.countryCode !== countryCode) {
      throw new Error(`region ${r.id} ${r.name} has code ${r.countryCode}, its country ${countryCode}`);
    }
    if (r.countryCode === null && countryCode !== '') log(`countryCode ${r.id} ${r.name}: null -> ${countryCode}`);
    const nameEn = englishRegionName(r.id, r.name, countryCode);
    regions.push({ id: r.id, parentId: r.parentId, name: r.name, nameEn, type: types.get(r.id)!, countryCode });
  }
  return regions;
}

/** The exact text of data/regions.json for these regions. */
export function serializeRegions(regions: readonly Region[]): string {
  return `${JSON.stringify(regions, null, 1)}\n`;
}

/** The repository root (this file lives in scripts/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The shared source: ../shared/data/regions.json from the repo root, else the nearest one further up. */
export function findSharedSource(from: string = REPO_ROOT): string | undefined {
  for (let dir = resolve(from, '..'); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'data', 'regions.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

function main(argv: readonly string[]): void {
  const sourcePath = argv[0] !== undefined ? resolve(argv[0]) : findSharedSource();
  if (!sourcePath || !existsSync(sourcePath)) throw new Error(`source not found: ${argv[0] ?? '../shared/data/regions.json'}`);
  const regions = buildRegions(JSON.parse(readFileSync(sourcePath, 'utf8')), (line) => console.error(line));
  const target = join(REPO_ROOT, 'data', 'regions.json');
  writeFileSync(target, serializeRegions(regions));
  console.error(`wrote ${regions.length} regions from ${sourcePath} to ${target}`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
