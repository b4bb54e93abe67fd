import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFallbackQuotaStore } from '../../src/adapters/quota/fallback-quota-store.js';
import { createRedisQuotaStore } from '../../src/adapters/quota/redis-quota-store.js';
import type { QuotaLimits } from '../../src/adapters/quota/sliding-window.js';
import { systemClock } from '../../src/ports/clock.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createPrivateRedis, hasRedisServerBinary, type PrivateRedis } from '../fakes/redis-server.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('[skipped] Redis freeze and the quota: no redis-server binary on PATH');

/*
 * Issue 24, item 6 (second part): the calls a process made on its local budget while Redis was frozen were
 * forgotten when it thawed (10 calls, SIGSTOP, 25 calls, SIGCONT → "86 remaining": 121 calls in a 100-call hour).
 * They are written into the shared log before it is used again, each once, whatever the thawed Redis still ran.
 */
describe.skipIf(!canRun)('calls made on the local budget while Redis was frozen', () => {
  let redis: PrivateRedis;
  const limits: QuotaLimits = { rps: 1_000, rph: 100, secondWindowMs: 1_100, hourWindowMs: 3_600_100, maxWaitMs: 2_000 };

  beforeAll(async () => {
    redis = await createPrivateRedis();
    await redis.start();
  });
  afterAll(async () => {
    redis.resume();
    await redis.kill();
  });

  it('are in the shared hour once Redis answers again', async () => {
    const shared = createRedisQuotaStore({ redis: redis.url, key: `quota-freeze:${randomBytes(4).toString('hex')}`, logger: silentLogger });
    const store = createFallbackQuotaStore(shared, { clock: systemClock, logger: silentLogger, retrySharedAfterMs: 1_000 });
    let n = 0;
    const reserve = async () => store.reserve(limits, `live:${n++}`);

    for (let i = 0; i < 10; i++) expect((await reserve()).ok).toBe(true);
    expect((await store.usage(limits)).used).toBe(10);

    redis.pause();
    try {
      // A quarter of the hour locally: 25 calls, then no more.
      for (let i = 0; i < 25; i++) expect((await reserve()).ok).toBe(true);
      expect((await reserve()).ok).toBe(false);
      expect((await store.checkHealth()).status).toBe('degraded');
    } finally {
      redis.resume();
    }

    // After the retry delay the shared log is used again, with the 25 in it (a reservation the frozen Redis ran
    // when it thawed has the same id: not counted twice).
    let used = 0;
    for (let i = 0; i < 100; i++) {
      // real wait: the store retries the thawed Redis after its own retry delay, on the real clock (test:long)
      await new Promise((resolve) => setTimeout(resolve, 100));
      if ((await store.checkHealth()).status !== 'ok') continue;
      used = (await store.usage(limits)).used;
      if ((await store.checkHealth()).status === 'ok') break;
    }
    expect((await store.checkHealth()).status).toBe('ok');
    expect(used).toBe(35);
    // 65 left in the hour, and the shared log grants exactly those.
    let granted = 0;
    for (let i = 0; i < 70; i++) if ((await reserve()).ok) granted++;
    expect(granted).toBe(65);
    await store.close();
  }, 60_000);
});
