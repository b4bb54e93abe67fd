import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { type FakeWordstat, startFakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { call, fakeWordstatEnv, type ServiceProcess, startServiceProcess, waitDone } from './process-harness.js';

/** The phrase of one fake Wordstat request. */
const phraseOf = (body: unknown) => String((body as { phrase?: string }).phrase ?? '');
/** Monthly calls go up with their words sorted (the cache key's phrase: issue 24, item 1). */
const sortedWords = (phrase: string) => phrase.split(' ').sort().join(' ');

/*
 * A process running a task is killed with SIGKILL mid-way; another process on the same database (the embedded
 * one, after the first is gone) takes the task over when its job lease runs out and finishes it. The fake Wordstat
 * sees no keyword twice, except possibly the one call in flight at the moment of the kill (its answer was never
 * stored, so it must be asked again): the kill is timed between calls, so normally there is none.
 */
describe('a worker killed with SIGKILL mid-task', () => {
  let fake: FakeWordstat;
  let dataDir: string;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog()) });
    dataDir = mkdtempSync(join(tmpdir(), 'sds-crash-'));
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no keyword and repeats no call whose answer was stored; another process finishes the task', async () => {
    const env = fakeWordstatEnv(fake.url, dataDir);
    const first = await startServiceProcess(env);
    processes.push(first);
    const keywords = Array.from({ length: 30 }, (_, i) => `сбой ${i}`);
    const posted = await call(first.url, '/v1/keywords/search_volume/task_post', { keywords });
    const id = posted.json.tasks[0].id as string;
    const dynamics = () => fake.requests.filter((r) => r.method === 'dynamics');
    // Wait until a third of the calls are made, then kill between two calls (they come every ~550 ms).
    await vi.waitFor(() => {
      if (dynamics().length < 10) throw new Error(`the first process made ${dynamics().length} calls in 60 s`);
    }, { timeout: 60_000, interval: 10 });
    // real wait: a child process is killed between two of its real calls (test:long)
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seenBeforeKill = dynamics().length;
    const lastBeforeKill = phraseOf(dynamics().at(-1)!.body);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(seenBeforeKill).toBeLessThan(keywords.length);

    const killedAt = Date.now();
    const second = await startServiceProcess(env);
    processes.push(second);
    const startedIn = Date.now() - killedAt;
    const task = await waitDone(second.url, id, 300_000);
    console.log(`second process up ${startedIn} ms after the kill; task done ${Date.now() - killedAt} ms after it`);
    expect(task.result.map((r: { keyword: string }) => r.keyword)).toEqual(keywords);

    const counts = new Map<string, number>();
    for (const r of dynamics()) counts.set(phraseOf(r.body), (counts.get(phraseOf(r.body)) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(keywords.map(sortedWords).sort()); // no keyword lost
    const repeated = [...counts].filter(([, n]) => n > 1).map(([phrase]) => phrase);
    // Only the call in flight at the kill may be asked twice; a stored answer never is.
    expect(repeated.filter((phrase) => phrase !== lastBeforeKill)).toEqual([]);
    expect(repeated.length).toBeLessThanOrEqual(1);
  }, 480_000);
});
