import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NodeProcess, startNodeProcess } from '../../bench/support/service-process.js';

// The whole path an operator takes: the service runs (its own process, embedded database) and serves traffic while
// the keys CLI, in another process, issues and revokes a key through the service's admin API.
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const STANDING_KEY = 'standing-key-0123456789';

describe('keys issued and revoked while the service serves traffic', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sds-live-keys-'));
  let service: NodeProcess;
  const env = () => ({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_TOKEN: '',
    HOST: '127.0.0.1',
    PORT: String(service.port),
  });
  async function cli(script: string, ...args: string[]) {
    try {
      const { stdout, stderr } = await run(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts', script), ...args], { env: env(), cwd: root });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }
  const top = (key: string) =>
    fetch(`${service.url}/v2/stats/top`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phrase: 'велосипед', numPhrases: 5 }),
    }).then((r) => r.status);

  beforeAll(async () => {
    service = await startNodeProcess(join(root, 'src', 'main.ts'), {
      env: { NODE_ENV: 'development', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SOURCE: 'demo', API_KEYS: STANDING_KEY, DATABASE_URL: undefined, REDIS_URL: undefined, ADMIN_TOKEN: undefined, LOG_LEVEL: 'info' },
      timeoutMs: 120_000,
    });
  }, 150_000);
  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a key issued by the CLI works at once; revoked by the CLI, it is refused within 1 s; other traffic never stops', async () => {
    const created = await cli('keys.ts', 'create', '--name', 'live robot');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(`in the running service at ${service.url}`);
    const key = /\b(sds_[A-Za-z0-9_-]{43})\b/.exec(created.stdout)?.[1];
    const id = /Created key (key_[0-9a-f]+)/.exec(created.stdout)?.[1];
    expect(key && id).toBeTruthy();
    expect(created.stdout).toContain(`http://localhost:${service.port}/v2/stats/top`);

    // Traffic on both keys for the whole test.
    const seen: Array<{ key: 'issued' | 'standing'; sentAt: number; status: number }> = [];
    // The test goes on when the traffic has got this far (not after a fixed time): checked after every round.
    const waiting: Array<() => boolean> = [];
    const seenUntil = (done: () => boolean) =>
      new Promise<void>((resolve) => waiting.push(() => (done() ? (resolve(), true) : false)));
    let running = true;
    const traffic = (async () => {
      while (running) {
        const sentAt = Date.now();
        const [issued, standing] = await Promise.all([top(key!), top(STANDING_KEY)]);
        seen.push({ key: 'issued', sentAt, status: issued }, { key: 'standing', sentAt, status: standing });
        for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i]!()) waiting.splice(i, 1);
      }
    })();
    // A few rounds served on the new key before it is revoked.
    await seenUntil(() => seen.filter((s) => s.key === 'issued' && s.status === 200).length >= 5);
    const revoking = Date.now();
    const revoked = await cli('keys.ts', 'revoke', id!);
    const revokedAt = Date.now();
    expect(revoked.code, revoked.stderr).toBe(0);
    // The very next request after the CLI reports the revocation is refused, though the service had the key cached:
    // the admin API that revoked it told the service's key cache before answering, so there is no window at all.
    expect(await top(key!)).toBe(401);
    // A few rounds of the traffic sent after the revocation, on both keys.
    await seenUntil(() => seen.filter((s) => s.key === 'issued' && s.sentAt >= revokedAt).length >= 5);
    running = false;
    await traffic;

    const issued = seen.filter((s) => s.key === 'issued');
    expect(issued.filter((s) => s.sentAt < revoking).every((s) => s.status === 200)).toBe(true);
    expect(issued.filter((s) => s.sentAt < revoking).length).toBeGreaterThan(0);
    // And so is every request of the traffic sent from then on.
    const after = issued.filter((s) => s.sentAt >= revokedAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.map((s) => s.status)).toEqual(after.map(() => 401));
    expect(seen.filter((s) => s.key === 'standing').every((s) => s.status === 200)).toBe(true);

    const listed = await cli('keys.ts', 'list');
    expect(listed.stdout).toMatch(/^id\s+created\s+state\s+name\n-+/);
    expect(listed.stdout).toMatch(new RegExp(`${id}\\s+\\S+\\s+revoked \\S+\\s+live robot`));

    const usage = await cli('usage.ts');
    expect(usage.code, usage.stderr).toBe(0);
    expect(usage.stdout).toMatch(new RegExp(`${id}\\s+live robot \\(revoked\\)\\s+[1-9]\\d*\\s`));
  }, 180_000);

  it('keys without arguments prints its usage and exits 2', async () => {
    const bare = await cli('keys.ts');
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^usage:/);
    expect(bare.stderr).toContain('create --name NAME');
  }, 60_000);
});
