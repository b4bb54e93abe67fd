import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';

const OTHER_KEY = 'other-key-0123456789';

/*
 * Issue 20, item 1: key K1 posts many big tasks, then K2 posts one small task. Which task runs next used to be
 * FIFO over jobs, so K2 waited for every one of K1's tasks (0 calls for hours while K1 made thousands). Now a run's
 * priority favours the key with the least work queued, and a running slice yields (after 5 s) when another key's
 * task waits with nothing running. Counted in calls, not seconds, so a busy machine shifts both sides alike.
 */
describe('fair admission of tasks between keys', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  let source: FakeSource;
  let tasks: WatchedClient;

  beforeAll(async () => {
    client = await createTestPglite();
    source = createFakeSource({ latencyMs: 50 });
    tasks = watchWrites(client);
    app = createTestApp(
      { source, taskClient: tasks.client },
      { API_KEYS: `${TEST_KEY},${OTHER_KEY}`, TASK_WORKERS: '2', TASK_LEASE_SECONDS: '120', SOURCE_CONCURRENCY: '2' },
    );
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it("K2's small task starts within a slice's yield, long before K1's queue drains", async () => {
    const k1Tasks = Array.from({ length: 6 }, (_, t) => ({ keywords: Array.from({ length: 300 }, (_, i) => `к1 т${t} слово ${i}`) }));
    const posted = await post(app, '/v1/keywords/search_volume/task_post', k1Tasks);
    expect(posted.json.tasks.every((task: { status_code: number }) => task.status_code === 20100)).toBe(true);
    // K1's two running tasks are under way.
    await source.whenCalls(20);
    const k2 = await post(app, '/v1/keywords/search_volume/task_post', { keywords: ['к2 один', 'к2 два', 'к2 три', 'к2 четыре', 'к2 пять'] }, {
      authorization: `Bearer ${OTHER_KEY}`,
    });
    const k2Id = k2.json.tasks[0].id as string;
    const k2Phrase = (i: number) => String((source.calls[i]!.query as { phrase: string }).phrase).startsWith('к2');
    // Checked again after every write to the task database (the old loop gave up silently after 60 s too).
    await tasks.until("K2's task finished", async () => {
      const answer = await app.fetch(new Request(`http://localhost/v1/keywords/search_volume/task_get/${k2Id}`, { headers: { authorization: `Bearer ${OTHER_KEY}` } }));
      return ((await answer.json()) as { tasks: { status_code: number }[] }).tasks[0]!.status_code === 20000;
    }, 120_000);
    const firstK2 = source.calls.findIndex((_, i) => k2Phrase(i));
    const k1Before = source.calls.slice(0, firstK2).length;
    console.log(`K1 calls before K2's first call: ${k1Before} of K1's ${6 * 300}`);
    expect(firstK2).toBeGreaterThan(0);
    // FIFO admission made K2 wait for all 1,800 of K1's calls; now one yield (~5-7 s of two workers) at most.
    expect(k1Before).toBeLessThan(900);
  }, 180_000);
});
