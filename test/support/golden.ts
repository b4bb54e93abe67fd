import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DURATION = /^\d+\.\d{4} sec\.$/;

/** A golden file's JSON. */
export function readGolden(name: string): unknown {
  return JSON.parse(readFileSync(join(GOLDEN_DIR, name), 'utf8'));
}

/**
 * An envelope with its volatile fields replaced (`tasks[].id` → "<id>", every `time` → "<time>") after
 * checking they have the right form, so a broken id or time still fails.
 */
export function normaliseEnvelope(body: unknown): unknown {
  const envelope = structuredClone(body) as { time: unknown; tasks?: { id: unknown; time: unknown }[] };
  expect(envelope.time).toMatch(DURATION);
  envelope.time = '<time>';
  for (const task of envelope.tasks ?? []) {
    expect(task.id).toMatch(UUID);
    expect(task.time).toMatch(DURATION);
    task.id = '<id>';
    task.time = '<time>';
  }
  return envelope;
}
