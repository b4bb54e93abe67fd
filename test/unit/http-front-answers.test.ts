import { describe, expect, it } from 'vitest';
import { createCorsPolicy } from '../../src/http/cors-policy.js';
import type { AccessEntry } from '../../src/http/request-context.js';
import type { HttpCall, Reply } from '../../src/http/exchange.js';
import { createHttpFront, type FrontEntry } from '../../src/http/front.js';
import { silentLogger } from '../../src/ports/logger.js';

const call = (path: string): HttpCall => ({
  method: 'POST',
  path,
  query: new URLSearchParams(),
  headers: { get: () => null },
  readBody: async () => Buffer.alloc(0),
  webRequest: () => new Request(`http://x${path}`),
});

function front(entries: FrontEntry[]) {
  const logged: AccessEntry[] = [];
  const routed = createHttpFront({ entries, subtrees: [], cors: createCorsPolicy([]), demo: () => false, access: (entry) => logged.push(entry), logger: silentLogger });
  return { route: (path: string) => routed.route('POST', path)!(call(path)), logged };
}

const ok: Reply = { status: 200, headers: { 'x-cache': 'HIT' }, body: 'kept' };

describe('the HTTP front with answers known at once', () => {
  it('hands an answer a route had at once back at once, decorated and logged once', () => {
    const { route, logged } = front([{ path: '/at-once', serve: () => ({ ...ok, headers: { ...ok.headers } }) }]);
    const answer = route('/at-once');
    expect(answer).not.toBeInstanceOf(Promise);
    expect((answer as Reply).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.map((entry) => [entry.route, entry.status, entry.xCache])).toEqual([['/at-once', 200, 'HIT']]);
  });

  it('answers 500 (logged once) for a route that throws at once or rejects later, never a crash', async () => {
    const { route, logged } = front([
      { path: '/throws', serve: () => { throw new Error('boom'); } },
      { path: '/rejects', serve: async () => { throw new Error('later'); } },
      { path: '/later', serve: async () => ok },
    ]);
    const thrown = route('/throws') as Reply;
    expect(thrown.status).toBe(500);
    const rejected = await route('/rejects');
    expect(rejected.status).toBe(500);
    expect((await route('/later')).status).toBe(200);
    expect(logged.map((entry) => [entry.route, entry.status])).toEqual([['/throws', 500], ['/rejects', 500], ['/later', 200]]);
  });
});
