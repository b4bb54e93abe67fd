import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { UsageRow } from '../../src/ports/ledger.js';
import { callNumberAnswers } from './answers/call-number-answers.js';
import { createTestApp } from './app.js';
import { createFakeSource } from './fake-source.js';
import { createTestPglite } from './pglite.js';

/**
 * An app with a task database (PGlite) and one task worker, on a counting fake source, and a promise of the
 * first task's ledger row (`.task`): a test waits for it instead of polling or sleeping.
 */
export async function createTaskTestApp() {
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 0 });
  const ledger = createMemoryLedger();
  let ended: (row: UsageRow) => void = () => {};
  const taskEnded = new Promise<UsageRow>((resolve) => (ended = resolve));
  const record = ledger.record.bind(ledger);
  ledger.record = (row) => {
    record(row);
    if (row.operation.endsWith('.task')) ended(row);
  };
  const taskClient = await createTestPglite();
  const app = createTestApp({ source, ledger, taskClient }, { TASK_WORKERS: '1' });
  await app.ready();
  return { app, source, taskEnded, close: async () => (await app.close(), await taskClient.close()) };
}
