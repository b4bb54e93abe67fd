import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { type FakeWordstat, startFakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';

export const FAKE_API_KEY = 'bench-fake-api-key';
export const FAKE_FOLDER = 'bench-folder';

/** The fake Wordstat (fakes/wordstat) answering from the demo model, in this process, on an ephemeral port. */
export function startFakeUpstream(): Promise<FakeWordstat> {
  return startFakeWordstat({ model: createDemoSource(loadRegionCatalog()), apiKey: FAKE_API_KEY, folderId: FAKE_FOLDER });
}

/** Service environment for SOURCE=wordstat against the fake. */
export function wordstatEnv(fake: FakeWordstat, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    SOURCE: 'wordstat',
    YANDEX_API_KEY: FAKE_API_KEY,
    YANDEX_FOLDER_ID: FAKE_FOLDER,
    WORDSTAT_BASE_URL: fake.url,
    ...extra,
  };
}

/** The paid calls the fake received (the free region tree is not counted: it is not part of any request). */
export function paidCalls(fake: FakeWordstat): number {
  return fake.calls.top + fake.calls.dynamics + fake.calls.regions;
}

/** Most paid calls that arrived within any window of `windowMs` (to check a rate limit was kept). */
export function peakCallsIn(fake: FakeWordstat, windowMs: number): number {
  const times = fake.requests.filter((r) => r.method !== 'regionTree').map((r) => r.at).sort((a, b) => a - b);
  let peak = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}
