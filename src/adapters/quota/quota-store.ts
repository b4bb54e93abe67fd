import type { Clock } from '../../ports/clock.js';
import type { DependencyHealth } from '../../ports/health.js';
import type { Logger } from '../../ports/logger.js';
import type { LoggedCall, QuotaLogPersistence } from '../../ports/quota-log.js';
import { ASSUMED_ID_PREFIX, assumedSpent, LOCAL_BUDGET_SHARE } from './local-share.js';
import { decideSlot, type HourUsage, hourUsage, type QuotaLimits, type SlotDecision } from './sliding-window.js';

/** Where the call log lives: this process's memory, or Redis when several processes share one quota. */
export interface QuotaStore {
  /** Atomically decides a slot and, when granted, logs the call under `id`. `waitMs` is relative to the store's clock. */
  reserve(limits: QuotaLimits, id: string): Promise<SlotDecision>;
  /** Removes a granted slot that was never used (the caller gave up while waiting). */
  release(id: string): Promise<void>;
  /** Calls counted in the last hour and when the next one frees. */
  usage(limits: QuotaLimits): Promise<HourUsage>;
  /** The whole hour window: call times (oldest first) and their ids, on the store's clock (`now`). */
  log(limits: QuotaLimits): Promise<QuotaLog>;
  /**
   * Adds calls counted elsewhere (a local fallback's, while this store was away) under their own ids; an id
   * already logged is kept as it is. Calls older than the hour window are left out.
   */
  absorb?(calls: readonly LoggedCall[], limits: QuotaLimits): Promise<void>;
  close(): Promise<void>;
}

/** A snapshot of the call log, for planning (at most one hour's calls: about a hundred entries). */
export interface QuotaLog {
  now: number;
  times: number[];
  ids: string[];
}

/** How soon a failed read of the stored call log is tried again (on the next quota decision after it). */
export const RETRY_READ_AFTER_MS = 1_000;

/**
 * A store for one process; with an injected clock the whole rule runs on virtual time. With `persistence` (no
 * Redis, the ledger's database) every granted call is written there too, and a new process starts from the
 * last hour's calls: a restart used to give the whole hour back.
 *
 * Until that stored hour is read the store counts conservatively, as while Redis is away: it assumes all but
 * LOCAL_BUDGET_SHARE of the hour spent (entries placed at its start, so they leave the window an hour later) and
 * says so in checkHealth. A failed read is tried again at most every RETRY_READ_AFTER_MS, in the background, and
 * merged in when the database answers; the calls made meanwhile are stored then too. A database slower than the
 * client's wait (3 s) to open used to log "counting from now" and hand the whole hour back (19 calls in a
 * 12-call hour).
 */
export function createMemoryQuotaStore(
  clock: Clock,
  persistence?: QuotaLogPersistence,
  logger?: Logger,
): QuotaStore & { checkHealth(): Promise<DependencyHealth> } {
  // Parallel arrays, sorted oldest first: slots are only ever granted at or after the last one.
  const times: number[] = [];
  const ids: string[] = [];
  const since = clock.now();
  let read = persistence === undefined;
  let readError = '';
  let retryReadAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const keep = (work: Promise<void> | undefined) =>
    void work?.catch((error: unknown) => logger?.warn({ reason: String(error) }, 'quota: a call could not be stored'));

  const readStored = (): Promise<void> =>
    (reading ??= persistence!
      .load(clock.now() - 2 * 3_600_000)
      .then(
        (calls) => {
          const stored = new Set(calls.map((call) => call.id));
          const known = new Set(ids);
          // Calls granted before the read was done were perhaps not stored (the database was away): store them now.
          for (let i = 0; i < ids.length; i++) {
            if (!stored.has(ids[i] as string)) keep(persistence!.record({ id: ids[i] as string, at: times[i] as number }));
          }
          const merged = [...calls.filter((call) => !known.has(call.id)), ...ids.map((id, i) => ({ id, at: times[i] as number }))];
          merged.sort((a, b) => a.at - b.at);
          times.splice(0, times.length, ...merged.map((call) => call.at));
          ids.splice(0, ids.length, ...merged.map((call) => call.id));
          if (readError !== '') logger?.info({ calls: calls.length }, 'quota: the stored call log is read; the whole budget is in use again');
          read = true;
        },
        (error: unknown) => {
          if (readError === '') {
            logger?.warn(
              { reason: String(error) },
              `quota: the stored call log could not be read yet; a local budget of ${Math.round(LOCAL_BUDGET_SHARE * 100)}% of the hour until it is`,
            );
          }
          readError = error instanceof Error ? error.message : String(error);
          retryReadAt = clock.now() + RETRY_READ_AFTER_MS;
        },
      )
      .finally(() => (reading = undefined)));

  // The first read is waited for (a database that answers at once costs nothing); later ones run in the background.
  const first = persistence ? readStored() : Promise.resolve();
  const ready = async () => {
    await first;
    if (!read && !reading && clock.now() >= retryReadAt) void readStored();
  };
  const prune = (now: number, limits: QuotaLimits) => {
    const from = now - limits.hourWindowMs;
    let expired = 0;
    while (expired < times.length && (times[expired] as number) <= from) expired++;
    times.splice(0, expired);
    ids.splice(0, expired);
  };
  // The log as decisions see it: while the stored hour is unread, the calls assumed spent come first, placed just
  // before the store began (older than any call of its own, and outside the per-second window).
  const assumed = (now: number, limits: QuotaLimits): number =>
    read || since - limits.secondWindowMs <= now - limits.hourWindowMs ? 0 : assumedSpent(limits);
  const view = (now: number, limits: QuotaLimits) => {
    const n = assumed(now, limits);
    return n === 0
      ? { times: [...times], ids: [...ids] }
      : {
          times: [...Array<number>(n).fill(since - limits.secondWindowMs), ...times],
          ids: [...Array.from({ length: n }, (_, i) => `${ASSUMED_ID_PREFIX}${i}`), ...ids],
        };
  };
  return {
    async reserve(limits, id) {
      await ready();
      const now = clock.now();
      prune(now, limits);
      const decision = decideSlot(view(now, limits).times, now, limits);
      if (!decision.ok) return decision;
      times.push(decision.at);
      ids.push(id);
      keep(persistence?.record({ id, at: decision.at }));
      return { ok: true, waitMs: decision.waitMs };
    },
    async release(id) {
      await ready();
      const index = ids.indexOf(id);
      if (index >= 0) {
        times.splice(index, 1);
        ids.splice(index, 1);
        keep(persistence?.forget(id));
      }
    },
    async usage(limits) {
      await ready();
      const now = clock.now();
      prune(now, limits);
      return hourUsage(view(now, limits).times, now, limits.hourWindowMs);
    },
    async log(limits) {
      await ready();
      const now = clock.now();
      prune(now, limits);
      return { now, ...view(now, limits) };
    },
    async close() {},
    async checkHealth(): Promise<DependencyHealth> {
      await ready();
      if (read) return { status: 'ok', detail: persistence ? 'this process (memory), kept in the database' : 'this process (memory)' };
      return {
        status: 'degraded',
        detail: `the stored call log is not read yet (${readError}): a local budget of ${Math.round(LOCAL_BUDGET_SHARE * 100)}% of the hour until it is`,
      };
    },
  };
}
