import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { createFakeSource } from '../support/fake-source.js';
import { TEST_KEY } from '../support/kit.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';

/*
 * Issue 24, item 3, in task mode: task_post shares the search_volume schema, so a 10000+id code is computed over
 * its region, a location_name resolves (or the one task is refused at post time), and an unknown code's result
 * carries the rule-1 note into task_get and its CSV, where no X-Location-Fallback header reaches the reader.
 */
describe('task_post: every location', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  const source = createFakeSource();

  const get = async (path: string, query = '') => {
    const response = await app.fetch(new Request(`http://localhost${path}${query}`, { headers: { authorization: `Bearer ${TEST_KEY}` } }));
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
  let tasks: WatchedClient;
  // Checked again after every write to the task database.
  const finished = (id: string) =>
    tasks.until(`task ${id} never finished`, async () => {
      const answer = JSON.parse((await get(`/v1/keywords/search_volume/task_get/${id}`)).text);
      return answer.tasks[0].status_code === 20000 ? answer.tasks[0] : undefined;
    });

  beforeAll(async () => {
    client = await createTestPglite();
    tasks = watchWrites(client);
    app = createTestApp({ source, catalog: createFixtureCatalog(), taskClient: tasks.client }, { TASK_WORKERS: '1' });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it("10039 (Rostov-on-Don), a name, and an unknown code: the region's numbers, the live result, the note where it belongs", async () => {
    const posted = await post(app, '/v1/keywords/search_volume/task_post', [
      { keywords: ['купить ноутбук'], location_code: 10_039 },
      { keywords: ['купить ноутбук'], location_name: 'Москва' },
      { keywords: ['купить ноутбук'], location_code: 9999 },
      { keywords: ['купить ноутбук'], location_name: 'Атлантида' },
    ]);
    const [rostov, moscow, unknown, atlantis] = posted.json.tasks;
    expect(rostov.status_code).toBe(20100);
    expect(moscow.status_code).toBe(20100);
    expect(unknown.status_code).toBe(20100);
    // Refused at post time, naming the field: not a task that fails later.
    expect(atlantis.status_code).toBe(40501);
    expect(atlantis.status_message).toContain('location_name "Атлантида" names no region');
    expect((await get(`/v1/keywords/search_volume/task_get/${atlantis.id}`)).status).toBe(404);

    const rostovTask = await finished(rostov.id);
    expect(rostovTask.result[0]).toMatchObject({ location_code: 10_039, location_note: null, search_volume: 600 });
    const live = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'], location_code: 10_039 });
    expect(rostovTask.result).toEqual(live.json.tasks[0].result);
    expect(source.calls.some((c) => c.method === 'dynamics' && c.query.regions[0] === 39)).toBe(true);

    expect((await finished(moscow.id)).result[0]).toMatchObject({ location_code: 1012, location_note: null, search_volume: 800 });

    const unknownTask = await finished(unknown.id);
    expect(unknownTask.result[0]).toMatchObject({ location_code: 9999, location_note: 'computed as Russia: unknown location_code', search_volume: 1550 });
    const csv = await get(`/v1/keywords/search_volume/task_get/${unknown.id}`, '?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('computed as Russia: unknown location_code');
  }, 60_000);

  it('GraphQL createSearchVolumeTask(locationCode: 10039): the stored Keyword and its nested views use that region', async () => {
    const created = await graphql(app, 'mutation { createSearchVolumeTask(keywords: ["пицца"], locationCode: 10039) { id } }');
    expect(created.json.errors).toBeUndefined();
    const id = created.json.data.createSearchVolumeTask.id as string;
    await finished(id);
    const read = await graphql(app, 'query($id: ID!) { task(id: $id) { keywords { locationCode locationNote searchVolume top(numPhrases: 1) { totalCount } } } }', { id });
    expect(read.json.errors).toBeUndefined();
    const live = await graphql(app, '{ keyword(phrase: "пицца", locationCode: 10039) { locationCode locationNote searchVolume top(numPhrases: 1) { totalCount } } }');
    expect(read.json.data.task.keywords).toEqual([live.json.data.keyword]);
    // Fixture: пицца base 20000 × 0.05 = 1000, + 550.
    expect(live.json.data.keyword).toMatchObject({ locationCode: 10_039, locationNote: null, searchVolume: 1550 });
    const bad = await graphql(app, 'mutation { createSearchVolumeTask(keywords: ["пицца"], locationName: "Атлантида") { id } }');
    expect(bad.json.errors[0].message).toContain('names no region');
  }, 60_000);
});
