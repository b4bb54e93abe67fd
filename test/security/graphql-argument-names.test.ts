import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { restBodyOf, restFieldOf } from '../../src/graphql/argument-names.js';
import { schema } from '../../src/graphql/schema.js';
import { createTestApp, graphql, post } from '../support/app.js';

/*
 * Issue 25, item 2: createSearchVolumeTask posts a /v1 task, checked by the REST rules, and its errors named the
 * REST fields (`history_months: history_months must be 12 or 24`, field `postback_url`). GraphQL names its own
 * arguments; REST keeps naming its fields. The mapping is derived from the field's argument definitions.
 */
describe('GraphQL errors name GraphQL arguments, REST errors REST fields', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  const tasks = async () => Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM tasks')).rows[0]!.n);

  beforeAll(async () => {
    client = await createTestPglite();
    app = createTestApp({ taskClient: client }, { TASK_WORKERS: '0' });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  const nineTypes = '[BROAD, PHRASE, EXACT, ORDER, BROAD, PHRASE, EXACT, ORDER, BROAD]';
  const cases: [string, string, string, RegExp][] = [
    ['historyMonths: 7', 'historyMonths', 'history_months', /^historyMonths: historyMonths must be 12 or 24$/],
    ['postbackUrl: "ftp://example.com/x"', 'postbackUrl', 'postback_url', /^postbackUrl must be an http or https URL$/],
    ['postbackUrl: "http://127.0.0.1/cb"', 'postbackUrl', 'postback_url', /^postbackUrl: the host 127\.0\.0\.1 resolves to a loopback/],
    [`languageCode: "${'x'.repeat(40)}"`, 'languageCode', 'language_code', /^languageCode: languageCode must be at most 35 characters$/],
    [`matchTypes: ${nineTypes}`, 'matchTypes', 'match_types', /^matchTypes: matchTypes must hold at most 8 values$/],
  ];

  it.each(cases)('createSearchVolumeTask(%s) → 400 naming %s, nothing created', async (argument, field, restField, message) => {
    const before = await tasks();
    for (const query of [
      `mutation { createSearchVolumeTask(keywords: ["пицца"], ${argument}) { id } }`,
      `mutation { ok: createSearchVolumeTask(keywords: ["пицца"]) { id } bad: createSearchVolumeTask(keywords: ["пицца"], ${argument}) { id } }`,
    ]) {
      const res = await graphql(app, query);
      expect(res.status).toBe(400);
      expect(res.json.errors).toHaveLength(1);
      expect(res.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(res.json.errors[0].message).toMatch(message);
      expect(res.text).not.toContain(restField);
    }
    expect(await tasks()).toBe(before);
  });

  it('through a variable too; the REST face keeps its own names', async () => {
    const gql = await graphql(app, 'mutation($t: [MatchType!]) { createSearchVolumeTask(keywords: ["a"], matchTypes: $t) { id } }', {
      t: ['BROAD', 'PHRASE', 'EXACT', 'ORDER', 'BROAD', 'PHRASE', 'EXACT', 'ORDER', 'EXACT'],
    });
    expect(gql.json.errors[0].extensions.field).toBe('matchTypes');

    const rest = await post(app, '/v1/keywords/search_volume/task_post', [{ keywords: ['a'], history_months: 7, postback_url: 'ftp://example.com/x' }]);
    expect(rest.json.tasks[0].error).toMatchObject({ field: 'postback_url' });
    const restHistory = await post(app, '/v1/keywords/search_volume/task_post', [{ keywords: ['a'], history_months: 7 }]);
    expect(restHistory.json.tasks[0].error).toMatchObject({ field: 'history_months' });
    expect(restHistory.json.tasks[0].status_message).toBe('history_months: history_months must be 12 or 24');
  });

  it('the mapping is derived from the argument definitions: every argument of the field has its REST name', () => {
    const field = schema.getMutationType()!.getFields().createSearchVolumeTask!;
    const names = field.args.map((a) => [a.name, restFieldOf(a.name)]);
    expect(names).toEqual([
      ['keywords', 'keywords'],
      ['locationCode', 'location_code'],
      ['locationName', 'location_name'],
      ['languageCode', 'language_code'],
      ['matchTypes', 'match_types'],
      ['historyMonths', 'history_months'],
      ['tag', 'tag'],
      ['postbackUrl', 'postback_url'],
    ]);
    expect(restBodyOf({ keywords: ['a'], locationCode: null, historyMonths: 24, postbackUrl: 'https://x.example/$id' })).toEqual({
      keywords: ['a'],
      history_months: 24,
      postback_url: 'https://x.example/$id',
    });
  });
});
