import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedFiles } from '../../vitest.config.js';

const root = join(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

// A module replaced with vi.mock in a file that shares its worker's module graph would leak into the files after it.
const REPLACES_A_MODULE = /\bvi\.(mock|doMock|unmock|resetModules)\(/;

describe('files that replace modules run in a module graph of their own', () => {
  it('every file calling vi.mock, vi.doMock, vi.unmock or vi.resetModules is listed in isolatedFiles', () => {
    const self = relative(root, import.meta.filename);
    const replacing = testFiles(join(root, 'test')).filter((file) => file !== self && REPLACES_A_MODULE.test(readFileSync(join(root, file), 'utf8')));
    expect(replacing).toContain('test/integration/graphql-jit.test.ts');
    expect(replacing.filter((file) => !isolatedFiles.includes(file))).toEqual([]);
  });
});
