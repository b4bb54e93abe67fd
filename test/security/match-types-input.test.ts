import { describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';

/*
 * Issue 21's new inputs, as an attacker sends them: each is a 400 (or a GraphQL error) naming the field, never a
 * 500, and costs no source call.
 */
describe('match_types and history_months under bad input', () => {
  it('REST: wrong types, huge lists and odd values are 400s naming the field, with no call', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    const cases: [unknown, string][] = [
      [{ keywords: ['a'], match_types: Array(100_000).fill('phrase') }, 'match_types'],
      [{ keywords: ['a'], match_types: { phrase: true } }, 'match_types'],
      [{ keywords: ['a'], match_types: [['phrase']] }, 'match_types[0]'],
      [{ keywords: ['a'], match_types: ['PHRASE'] }, 'match_types[0]'],
      [{ keywords: ['a'], match_types: ['__proto__'] }, 'match_types[0]'],
      [{ keywords: ['a'], match_types: null }, 'match_types'],
      [{ keywords: ['a'], history_months: 24.5 }, 'history_months'],
      [{ keywords: ['a'], history_months: -12 }, 'history_months'],
      [{ keywords: ['a'], history_months: [24] }, 'history_months'],
    ];
    for (const [body, field] of cases) {
      const answer = await post(app, '/v1/keywords/search_volume', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json.tasks[0].status_message).toContain(field);
    }
    const xlsx = await post(app, '/v1/keywords/search_volume?format=xlsx', { keywords: ['a'], match_types: ['wide'] });
    expect(xlsx.status).toBe(400);
    expect(xlsx.headers.get('content-type')).toContain('json');
    expect(source.count()).toBe(0);
    await app.close();
  });

  it('task_post: a bad match_types refuses that task alone (40501 naming it) and creates nothing for it', async () => {
    const client = await createTestPglite();
    const app = createTestApp({ taskClient: client }, { TASK_WORKERS: '0' });
    await app.ready();
    try {
      const answer = await post(app, '/v1/keywords/search_volume/task_post', [
        { keywords: ['пицца'], match_types: ['phrase'] },
        { keywords: ['суши'], match_types: ['phrase', 'everything'] },
      ]);
      expect(answer.status).toBe(200);
      expect(answer.json.tasks.map((t: { status_code: number }) => t.status_code)).toEqual([20100, 40501]);
      expect(answer.json.tasks[1].status_message).toContain('match_types[1]');
      const stored = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM tasks');
      expect(Number(stored.rows[0]!.n)).toBe(1);
    } finally {
      await app.close();
      await client.close();
    }
  });

  it('GraphQL: an unknown enum, a bad historyMonths and too many types make no call and no 500; a repeated type is measured once', async () => {
    const source = createFakeSource();
    const app = createTestApp({ source });
    const many = Array(50).fill('PHRASE').join(' ');
    const answers = await Promise.all([
      graphql(app, '{ keyword(phrase: "a", matchTypes: [BROAD, EVERYTHING]) { searchVolumePhrase } }'),
      graphql(app, '{ keyword(phrase: "a", historyMonths: 0) { searchVolume } }'),
      graphql(app, '{ keyword(phrase: "a", matchTypes: "PHRASE") { searchVolume } }'),
    ]);
    for (const answer of answers) {
      expect(answer.status).not.toBe(500);
      expect(answer.json.errors?.length).toBeGreaterThan(0);
    }
    expect(answers[1]!.json.errors[0].message).toContain('historyMonths');
    // The search_volume operation's one rule on every face (issue 25): at most 8 values, as REST refuses them.
    const tooMany = await graphql(app, `{ keyword(phrase: "пицца", matchTypes: [${many}]) { searchVolumePhrase } }`);
    expect(tooMany.json.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'matchTypes' } });
    expect(source.count()).toBe(0);
    // Repeats within the bound are one type: one GetTop, besides the monthly call and the bare phrase's GetTop.
    const repeated = await graphql(app, '{ keyword(phrase: "пицца", matchTypes: [PHRASE PHRASE PHRASE PHRASE]) { searchVolumePhrase } }');
    expect(repeated.json.errors).toBeUndefined();
    expect(repeated.json.data.keyword.searchVolumePhrase).toBeTypeOf('number');
    expect(source.count()).toBe(3);
    await app.close();
  });
});
