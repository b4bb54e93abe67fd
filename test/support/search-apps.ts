import { afterAll, afterEach, beforeAll } from 'vitest';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { demoSerpWithAds } from '../../src/adapters/demo/serp-model.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import type { App } from '../../src/app.js';
import { createTestApp } from './app.js';
import { createFakeSource, type FakeSource } from './fake-source.js';

/**
 * The web-search fake (demo result pages) for a test file, and apps searching it synchronously: started once,
 * each test's apps closed and the fake's log reset after it. `search.fake` is the fake; `search.app()` an app
 * with a fresh fake Wordstat source (`search.wordstat`); `search.app({ format: 'html' })` one configured with
 * SEARCH_RESPONSE_FORMAT=html (the fake's HTML pages, with the demo's ads; XML pages carry none).
 */
export function useSearchApps() {
  let fake: FakeSearch | undefined;
  let wordstat: FakeSource | undefined;
  const apps: App[] = [];
  beforeAll(async () => {
    fake = await startFakeSearch({ model: demoSerpWithAds, apiKey: 'AQVN-key' });
  });
  afterAll(() => fake?.close());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    fake?.reset();
  });
  return {
    get fake(): FakeSearch {
      return fake!;
    },
    get wordstat(): FakeSource {
      return wordstat!;
    },
    /** `env`: more settings for the app (a search budget, say). */
    app({ format = 'xml', env = {} }: { format?: 'xml' | 'html'; env?: Record<string, string> } = {}): App {
      const sync = createSyncWebSearch({ baseUrl: fake!.url, apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 5_000, format });
      wordstat = createFakeSource({ latencyMs: 0 });
      const app = createTestApp({ source: wordstat, ledger: createMemoryLedger(), webSearch: { sync } }, { ...env, SEARCH_RESPONSE_FORMAT: format });
      apps.push(app);
      return app;
    },
  };
}
