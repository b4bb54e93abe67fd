import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { type FakeWordstat, startFakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { call, fakeWordstatEnv, type ServiceProcess, startServiceProcess, waitDone } from './process-harness.js';

/*
 * Issue 20, item 2: the process entry a user runs (src/main.ts) must start the task workers by itself. A task
 * left half-done by a process killed with SIGKILL goes on after a plain restart, with no new task_post to wake
 * the job engine (before: nothing moved until somebody posted).
 */
describe('a restarted service (src/main.ts) resumes tasks without a new post', () => {
  let fake: FakeWordstat;
  let dataDir: string;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog()) });
    dataDir = mkdtempSync(join(tmpdir(), 'sds-restart-'));
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the task left by the killed process', async () => {
    const env = fakeWordstatEnv(fake.url, dataDir);
    const first = await startServiceProcess(env, { entry: 'main' });
    processes.push(first);
    const keywords = Array.from({ length: 20 }, (_, i) => `перезапуск ${i}`);
    const posted = await call(first.url, '/v1/keywords/search_volume/task_post', { keywords });
    const id = posted.json.tasks[0].id as string;
    const dynamics = () => fake.requests.filter((r) => r.method === 'dynamics');
    while (dynamics().length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(dynamics().length).toBeLessThan(keywords.length);

    const second = await startServiceProcess(env, { entry: 'main' });
    processes.push(second);
    // No post here: only the restarted workers can finish it.
    const task = await waitDone(second.url, id, 120_000);
    expect(task.result.map((r: { keyword: string }) => r.keyword)).toEqual(keywords);
  }, 300_000);
});
