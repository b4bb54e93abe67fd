import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { DomainError } from '../../src/domain/errors.js';
import type { Ledger } from '../../src/ports/ledger.js';
import { createFixtureCatalog } from './catalog.js';
import { createTestApp } from './app.js';
import { createFakeSource } from './fake-source.js';
import { createTestClock } from './kit.js';

/*
 * Golden responses guard the exact bytes a client receives, key order included: the test sends a request
 * through the whole app (app.fetch, every layer of the HTTP front) and compares `await res.text()` with the
 * stored file byte for byte. Files change only when a run sets UPDATE_GOLDEN=1, which rewrites them from the
 * responses; review the diff before committing (test/golden/README.md says how every number follows).
 */
const TEST_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DURATION = /^\d+\.\d{4} sec\.$/;

/**
 * The app the goldens are written against: the hand-checkable fixture source and region tree, the clock at
 * FIXED_NOW, default prices (call 1, repeat 0.1), a memory cache and ledger. One per case, so each starts cold.
 * The source says it is Wordstat and no search credentials are set, so there is no competition estimator
 * (competition null / 0 in /v1, as the goldens were written); a 'demo' source would bring the demo page model.
 */
export function createGoldenApp(options: { failures?: Record<string, DomainError>; ledger?: Ledger } = {}) {
  const source = createFakeSource({ failures: options.failures, kind: 'wordstat' });
  const ledger = options.ledger ?? createMemoryLedger();
  const app = createTestApp({ source, ledger, catalog: createFixtureCatalog(), clock: createTestClock() });
  return { app, source };
}

/**
 * A /v1 envelope's text with its volatile values replaced in place (every `"time":"N.NNNN sec."` by
 * `"<time>"`, every task `"id":"<uuid>"` by `"<id>"`) after checking their form, so a broken id or time
 * still fails and nothing else of the bytes moves.
 */
export function maskEnvelope(text: string): string {
  return text
    .replace(/"time":"([^"]*)"/g, (_, time: string) => {
      expect(time).toMatch(DURATION);
      return '"time":"<time>"';
    })
    .replace(/"id":"([^"]*)"/g, (_, id: string) => {
      expect(id).toMatch(UUID);
      return '"id":"<id>"';
    });
}

/**
 * Compares bytes with the golden file `dir/name` (dir under test/, e.g. "golden"). With UPDATE_GOLDEN=1 the
 * file is (re)written from the bytes first, so the run passes and `git diff` shows what changed.
 */
export function expectGolden(dir: string, name: string, bytes: string | Buffer): void {
  const path = join(TEST_DIR, dir, name);
  const actual = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  if (UPDATE) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
  }
  expect(existsSync(path), `${dir}/${name} exists (UPDATE_GOLDEN=1 writes it)`).toBe(true);
  const expected = readFileSync(path);
  // Compared as text first, so a failure shows a readable diff; then as bytes (BOM, line ends).
  expect(actual.toString('utf8')).toBe(expected.toString('utf8'));
  expect(actual.equals(expected)).toBe(true);
}
