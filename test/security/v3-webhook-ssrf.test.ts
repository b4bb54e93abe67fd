import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestPglite } from '../support/pglite.js';
import { createTestApp, post } from '../support/app.js';

/*
 * SSRF through /v3 task_post (issue 26): its postback_url and pingback_url go through the same address guard as
 * /v1's (webhook-ssrf.test.ts): an internal address is the task's 40501 naming the field, no task is made and
 * no source call is spent; the other tasks of the post are made.
 */
describe('/v3 task_post notification URLs and the address guard', () => {
  let client: SqlClient;
  let source: FakeSource;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    client = await createTestPglite();
    source = createFakeSource();
    app = createTestApp({ taskClient: client, source }, { TASK_WORKERS: '0' });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it.each([
    ['postback_url', 'http://127.0.0.1/hook'],
    ['postback_url', 'http://169.254.169.254/latest/meta-data'],
    ['pingback_url', 'http://[::1]/hook'],
    ['pingback_url', 'http://10.1.2.3/hook'],
    ['postback_url', 'file:///etc/passwd'],
  ])('%s %s: refused by name, no task, no call; the sound task beside it is made', async (field, url) => {
    const answer = await post(app, '/v3/keywords_data/google_ads/search_volume/task_post', [{ keywords: ['пицца'], [field]: url }, { keywords: ['пицца'] }]);
    expect(answer.status).toBe(200);
    const [refused, made] = answer.json.tasks;
    expect(refused.status_code).toBe(40501);
    expect(refused.error).toMatchObject({ code: 'INVALID_FIELD', field });
    expect(refused.status_message).toContain(field);
    expect(made.status_code).toBe(20100);
    expect(source.count()).toBe(0);
  });
});
