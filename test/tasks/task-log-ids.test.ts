import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';
import { createCapturedLogger } from '../support/log-capture.js';

/*
 * Issue 20, item 22: the job engine started inside the first post's request, so every task's log lines carried that
 * request's id. A task logs with its own id and no request's.
 */
describe('task log lines', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  const captured = createCapturedLogger('info');

  beforeAll(async () => {
    client = await createTestPglite();
    // No ready(): the first post starts the job engine, as on an instance started by the old entry.
    app = createTestApp({ source: createFakeSource(), taskClient: client, logger: captured.logger }, { TASK_WORKERS: '1' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it("carry the task's id, not the id of the request that posted it", async () => {
    const posted = await post(app, '/v1/keywords/locations/task_post', { keyword: 'пицца' }, { ...AUTH_HEADER, 'x-request-id': 'req-that-posted' });
    const id = posted.json.tasks[0].id as string;
    const finished = await captured.untilLine((line) => line.msg === 'task finished' && line.taskId === id, 30_000);
    expect(finished).toBeDefined();
    expect(finished!.reqId).toBeUndefined();
  }, 60_000);
});
