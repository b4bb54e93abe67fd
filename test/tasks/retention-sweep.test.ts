import { afterAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { sweepEveryMs } from '../../src/composition/tasks.js';
import { createTestApp } from '../support/app.js';
import { createCapturedLogger } from '../support/log-capture.js';

/*
 * Issue 20, item 20: TASK_RETENTION=0 swept every millisecond (6,000 warnings in 8 s), and on a database with no
 * task yet every sweep failed, since the tables did not exist.
 */
describe('the task retention sweep', () => {
  let client: SqlClient | undefined;
  let app: ReturnType<typeof createTestApp> | undefined;
  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it('runs at most once a minute and at least once an hour, whatever TASK_RETENTION says', () => {
    expect(sweepEveryMs(0)).toBe(60_000);
    expect(sweepEveryMs(5 * 60_000)).toBe(5 * 60_000);
    expect(sweepEveryMs(30 * 24 * 3_600_000)).toBe(3_600_000);
  });

  it('TASK_RETENTION=0 on a database with no task yet: no sweep storm, no warning', async () => {
    client = await createTestPglite();
    const captured = createCapturedLogger('info');
    // No ready(): the tables are not made yet, as on an instance nobody has posted to.
    app = createTestApp({ taskClient: client, logger: captured.logger }, { TASK_RETENTION: '0s', TASK_WORKERS: '0' });
    // real wait: a window in which a sweep storm on the real interval timer would show
    await new Promise((resolve) => setTimeout(resolve, 500));
    const warnings = captured.lines().filter((line) => String(line.msg).includes('retention sweep'));
    expect(warnings).toEqual([]);
  });
});
