import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

// The same cruise as `npm run check:deps` (.dependency-cruiser.cjs), through dependency-cruiser's API, so that
// `npm test` catches an import pointing the wrong way too.

const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * How many known violations the baseline holds. Lower it with the list when you fix one; never raise it: a
 * new violation is fixed (move the shared piece inward), not added to the list.
 */
const KNOWN_VIOLATIONS = 0;

const sameViolation = (a: IViolation, b: IViolation) => a.type === b.type && a.from === b.from && a.to === b.to && a.rule.name === b.rule.name;
const describeViolation = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}`;

async function cruiseWithRules(baseDir: string, files: string[], extra: Partial<ICruiseOptions>, tsConfig?: string) {
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
  const transpile = tsConfig ? { tsConfig: extractTSConfig(tsConfig) } : {};
  const result = await cruise(files, { ...options, ...extra, baseDir }, undefined, transpile);
  if (typeof result.output === 'string') throw new Error('expected a cruise result, got formatted output');
  return result.output.summary.violations;
}

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  const known = JSON.parse(readFileSync(join(root, '.dependency-cruiser-known-violations.json'), 'utf8')) as IViolation[];
  let violations: IViolation[];

  beforeAll(async () => {
    violations = await cruiseWithRules(root, ['src'], { knownViolations: known }, join(root, 'tsconfig.json'));
  }, 60_000);

  it('finds no import in src/ that breaks a rule, beyond the known ones', () => {
    const fresh = violations.filter((v) => v.rule.severity !== 'ignore').map(describeViolation);
    expect(fresh).toEqual([]);
  });

  it('keeps no stale entry in the known-violations list (a fixed violation leaves it)', () => {
    const ignored = violations.filter((v) => v.rule.severity === 'ignore');
    const stale = known.filter((k) => !ignored.some((v) => sameViolation(k, v))).map(describeViolation);
    expect(stale).toEqual([]);
  });

  it('lets the known-violations list only shrink', () => {
    expect(known.length).toBe(KNOWN_VIOLATIONS);
  });
});

describe('the rules catch what they forbid (a small tree of their own)', () => {
  /** Writes `files` (path → source) under a temporary root and returns the rules broken there. */
  async function brokenRules(files: Record<string, string>): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'sds-depcruise-'));
    try {
      for (const [path, source] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), source);
      }
      const found = await cruiseWithRules(dir, ['src'], { tsConfig: undefined });
      return found.map(describeViolation).sort();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('refuses outward imports and cycles, and accepts inward ones', async () => {
    const broken = await brokenRules({
      'src/domain/rule.ts': "import { run } from '../services/op';\nexport const rule = () => run;\n",
      'src/domain/file.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
      'src/services/wired.ts': "import { store } from '../adapters/store';\nexport const wired = store;\n",
      'src/ports/store.ts': "import type { Op } from '../services/op';\nexport type Store = Op;\n",
      'src/services/op.ts': "import { rule } from '../domain/rule';\nexport type Op = string;\nexport const run = () => rule;\n",
      'src/adapters/store.ts': "import { run } from '../services/op';\nexport const store = run;\n",
      'src/graphql/plugin.ts': "import { route } from '../rest/route';\nimport { store } from '../adapters/store';\nexport const p = [route, store];\n",
      'src/http/exchange.ts': "import { route } from '../rest/route';\nexport const reply = route;\n",
      'src/http/front.ts': "import { route } from '../rest/route';\nimport { reply } from './exchange';\nexport const front = [route, reply];\n",
      'src/rest/route.ts': "import { run } from '../services/op';\nexport const route = run;\n",
      'src/app.ts': "import { store } from './adapters/store';\nimport { p } from './graphql/plugin';\nexport const app = [store, p];\n",
    });
    // services → domain, rest → services and app.ts → anything are inward: not listed. The HTTP front is handed
    // its routes: it imports no face.
    // A cycle is reported once.
    expect(broken).toEqual([
      'adapters-need-only-ports: src/adapters/store.ts → src/services/op.ts',
      'domain-imports-only-domain: src/domain/rule.ts → src/services/op.ts',
      'domain-is-pure: src/domain/file.ts → fs',
      'faces-not-to-adapters-or-composition: src/graphql/plugin.ts → src/adapters/store.ts',
      'graphql-not-to-sibling-faces: src/graphql/plugin.ts → src/rest/route.ts',
      'http-kit-is-shared: src/http/exchange.ts → src/rest/route.ts',
      'http-kit-is-shared: src/http/front.ts → src/rest/route.ts',
      'no-circular: src/domain/rule.ts → src/services/op.ts',
      'ports-import-only-domain: src/ports/store.ts → src/services/op.ts',
      'services-stay-inside: src/services/wired.ts → src/adapters/store.ts',
    ]);
  }, 60_000);
});
