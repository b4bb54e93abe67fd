import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    await vi.waitFor(() => {
      if (dynamics().length < 4) throw new Error(`the first process made ${dynamics().length} calls in 60 s`);
    }, { timeout: 60_000, interval: 10 });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(dynamics().length).toBeLessThan(keywords.length);

    const second = await startServiceProcess(env, { entry: 'main' });
    processes.push(second);
    // No post here: only the restarted workers can finish it.
    const task = await waitDone(second.url, id, 120_000);
    expect(task.result.map((r: { keyword: string }) => r.keyword)).toEqual(keywords);
  }, 300_000);

  /*
   * Issue 24, item 8: the restarted process waited out the killed run's job lease (300 s by default, 368 s
   * measured), task_get saying "Task Handed." with calls_done frozen. Runs now renew a short lease, and a live
   * process takes back a run that stopped renewing, read with its own (current) TASK_LEASE_SECONDS: so also a run
   * started under a 300 s lease. The bound is measured from the restart (spawn) to the task's first new upstream
   * call, seen in the fake's request log; the process's start-up is inside it.
   */
  it('resumes the killed run within 30 s of the restart, even one started under a 300 s lease, fetching no keyword twice', async () => {
    const { TASK_LEASE_SECONDS: _short, ...env } = fakeWordstatEnv(fake.url, join(dataDir, 'lease'));
    const first = await startServiceProcess({ ...env, TASK_LEASE_SECONDS: '300' }, { entry: 'main' });
    processes.push(first);
    const keywords = Array.from({ length: 20 }, (_, i) => `аренда ${i}`);
    const posted = await call(first.url, '/v1/keywords/search_volume/task_post', { keywords });
    const id = posted.json.tasks[0].id as string;
    // Monthly calls go up with their words sorted (the cache key's phrase: issue 24, item 1), "0 аренда" for "аренда 0".
    const sortedWords = (phrase: string) => phrase.split(' ').sort().join(' ');
    const keywordOf = new Map(keywords.map((k) => [sortedWords(k), k]));
    const phraseOf = (body: unknown) => keywordOf.get(sortedWords(String((body as { phrase?: string }).phrase ?? ''))) ?? '';
    const taskCalls = () => fake.requests.filter((r) => r.method === 'dynamics' && phraseOf(r.body) !== '');
    await vi.waitFor(() => {
      if (taskCalls().length < 4) throw new Error(`the first process made ${taskCalls().length} of the task's calls in 60 s`);
    }, { timeout: 60_000, interval: 10 });
    // Between two calls (they come every ~500 ms at 2 a second): no call is in flight at the kill.
    // real wait: a child process is killed between two of its real calls (test:long)
    await new Promise((resolve) => setTimeout(resolve, 250));
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const seenBeforeKill = taskCalls().length;
    const lastBeforeKill = phraseOf(taskCalls().at(-1)!.body);
    expect(seenBeforeKill).toBeLessThan(keywords.length);

    const restartedAt = Date.now();
    const second = await startServiceProcess(env, { entry: 'main' });
    processes.push(second);
    const startedIn = Date.now() - restartedAt;
    while (taskCalls().length === seenBeforeKill && Date.now() - restartedAt < 120_000) {
      // real wait: polls a restarted child process for its first new call, up to 120 s, then the checks below say what happened (test:long)
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const resumedIn = Date.now() - restartedAt;
    console.log(`restarted process up in ${startedIn} ms; first new call of the task ${resumedIn} ms after the restart`);
    expect(taskCalls().length).toBeGreaterThan(seenBeforeKill);
    expect(resumedIn).toBeLessThan(30_000);

    const task = await waitDone(second.url, id, 120_000);
    expect(task.result.map((r: { keyword: string }) => r.keyword)).toEqual(keywords);
    const counts = new Map<string, number>();
    for (const r of taskCalls()) counts.set(phraseOf(r.body), (counts.get(phraseOf(r.body)) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...keywords].sort());
    const repeated = [...counts].filter(([, n]) => n > 1).map(([phrase]) => phrase);
    // The kill is timed between calls; should a slow machine still catch one in flight, only that one may repeat.
    expect(repeated.filter((phrase) => phrase !== lastBeforeKill)).toEqual([]);
    expect(repeated.length).toBeLessThanOrEqual(1);
  }, 300_000);
});
