import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md is the newcomer's map (issue 25, item 9): a file it names that has moved or gone sends the
// reader nowhere, and the request walk-through promises at most fifteen files.
const ROOT = join(import.meta.dirname, '..', '..');
const text = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

describe('ARCHITECTURE.md', () => {
  it('names only source files that exist', () => {
    const named = [...new Set(text.match(/src\/[\w/.-]+\.ts/g) ?? [])];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('follows one request in at most fifteen files', () => {
    const section = text.split('## Follow one request')[1]!.split('\n## ')[0]!;
    const steps = section.split('\n').filter((line) => /^\d+\. `src\//.test(line));
    expect(steps.length).toBeGreaterThan(5);
    expect(steps.length).toBeLessThanOrEqual(15);
  });
});
