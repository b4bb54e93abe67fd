import { describe, expect, it } from 'vitest';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

function send(app: { fetch: (r: Request) => Promise<Response> }, path: string, body: string, contentType: string | undefined) {
  const headers: Record<string, string> = { authorization: `Bearer ${TEST_KEY}` };
  if (contentType !== undefined) headers['content-type'] = contentType;
  return app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers, body }));
}

const topBody = JSON.stringify({ phrase: 'ноутбук' });
const v1Body = JSON.stringify([{ keywords: ['ноутбук'] }]);

describe('REST content types (issue 11, item 17)', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', 'application/json; charset=windows-1251'])(
    'accepts %s',
    async (type) => {
      const source = createFakeSource({ answers: formulaAnswers });
      const app = createTestApp({ source });
      const res = await send(app, '/v2/stats/top', topBody, type);
      expect(res.status).toBe(200);
      expect(source.count()).toBe(1);
    },
  );

  it('accepts a body with no Content-Type at all', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    // A string body would make the Request add text/plain; a byte body leaves the header absent.
    const request = new Request('http://localhost/v2/stats/top', {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}` },
      body: new TextEncoder().encode(topBody),
    });
    expect(request.headers.get('content-type')).toBeNull();
    expect((await app.fetch(request)).status).toBe(200);
    expect(source.count()).toBe(1);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'application/xml'])(
    'refuses %s on /v2 with a 415 problem naming the header, and spends no upstream call',
    async (type) => {
      const source = createFakeSource({ answers: formulaAnswers });
      const app = createTestApp({ source });
      const res = await send(app, '/v2/stats/top', topBody, type);
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = await res.json();
      expect(problem).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'Content-Type' });
      expect(problem.detail).toContain('Content-Type');
      expect(source.count()).toBe(0);
    },
  );

  it('refuses text/plain on /v1 with the envelope naming the header', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const app = createTestApp({ source });
    const res = await send(app, '/v1/keywords/search_volume', v1Body, 'text/plain;charset=UTF-8');
    expect(res.status).toBe(415);
    const envelope = await res.json();
    expect(envelope.tasks[0].status_code).toBe(40004);
    expect(envelope.tasks[0].status_message).toContain('Content-Type');
    expect(source.count()).toBe(0);
  });
});
