import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('[skipped] two apps on one Redis: set REDIS_URL to run it');

describe.skipIf(!REDIS_URL)('two app instances on one Redis', () => {
  it('50 concurrent identical requests split over both make one upstream call; the other app then hits', async () => {
    // One upstream shared by both instances, slow enough for the requests to overlap.
    const source = createFakeSource({ latencyMs: 150 });
    // Short TTLs and a phrase of this run only: nothing lingers in the shared Redis.
    const env = { REDIS_URL: REDIS_URL!, CACHE_TTL: '60s', CACHE_STALE_TTL: '60s' };
    const [a, b] = [createTestApp({ source }, env), createTestApp({ source }, env)];
    const phrase = `пицца ${randomUUID().slice(0, 8)}`;
    try {
      // Give both Redis connections a moment to come up: before that a cache is a (harmless) miss.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => post(i % 2 ? a : b, '/v2/stats/dynamics', { phrase })),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(new Set(answers.map((r) => JSON.stringify(r.json))).size).toBe(1);
      expect(source.count('dynamics')).toBe(1);
      expect((await post(a, '/v2/stats/dynamics', { phrase })).headers.get('x-cache')).toBe('HIT');
      expect((await post(b, '/v2/stats/dynamics', { phrase })).headers.get('x-cache')).toBe('HIT');
      expect(source.count('dynamics')).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
