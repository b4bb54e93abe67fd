import { describe, expect, it } from 'vitest';
import type { CompetitionEstimator } from '../../src/ports/competition.js';
import { createRestHandler } from '../../src/rest/handler.js';
import type { SearchVolumeItemJson } from '../../src/operations/present-v1.js';
import { createV1Routes } from '../../src/rest/v1/routes.js';
import { createFakeSource } from '../support/fake-source.js';
import { apiRequest, createTestRuntime } from '../support/runtime.js';

/*
 * Issue 20, item 13: a 100-keyword search_volume that was a full cache HIT still took 10 s, waiting for 100 web
 * searches. The volumes come first; the estimate gets a short grace, then the answer goes without it (null).
 */
describe('the competition estimate never holds a cache hit back', () => {
  it('a full HIT answers long before a slow search returns, with competition null where it is not ready', async () => {
    const searches: string[] = [];
    const slow: CompetitionEstimator = {
      async estimate(phrase) {
        searches.push(phrase);
        // real wait: a competition call that hangs past the test (unref), not a wait of the test
        await new Promise((resolve) => setTimeout(resolve, 20_000).unref());
        return 0.5;
      },
    };
    const source = createFakeSource();
    const { runtime } = createTestRuntime({ source });
    const handler = createRestHandler(runtime, createV1Routes({ competition: slow }));
    const keywords = Array.from({ length: 20 }, (_, i) => `ключ ${i}`);
    // The first request fetches the volumes (a MISS); it too answers without waiting 20 s for the searches.
    const first = (await handler(apiRequest('/v1/keywords/search_volume', { keywords })))!;
    expect(first.status).toBe(200);
    const callsAfterFirst = source.count();
    const started = performance.now();
    const hit = (await handler(apiRequest('/v1/keywords/search_volume', { keywords })))!;
    const took = performance.now() - started;
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(source.count()).toBe(callsAfterFirst);
    // Generous for a busy machine; the search alone would take 20 s.
    expect(took).toBeLessThan(10_000);
    const items = ((await hit.json()) as { tasks: { result: SearchVolumeItemJson[] }[] }).tasks[0]!.result;
    expect(items.every((item) => item.competition === null && item.competition_level === null)).toBe(true);
  }, 60_000);
});
