import type { Clock } from '../../ports/clock.js';
import type { Logger } from '../../ports/logger.js';
import type { QuotaLogPersistence } from '../../ports/quota-log.js';
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
  close(): Promise<void>;
}

/** A snapshot of the call log, for planning (at most one hour's calls: about a hundred entries). */
export interface QuotaLog {
  now: number;
  times: number[];
  ids: string[];
}

/**
 * A store for one process; with an injected clock the whole rule runs on virtual time. With `persistence` (no
 * Redis, the ledger's database) every granted call is written there too, and a new process starts from the
 * last hour's calls: a restart used to give the whole hour back.
 */
export function createMemoryQuotaStore(clock: Clock, persistence?: QuotaLogPersistence, logger?: Logger): QuotaStore {
  // Parallel arrays, sorted oldest first: slots are only ever granted at or after the last one.
  const times: number[] = [];
  const ids: string[] = [];
  const loaded = persistence
    ? persistence.load(clock.now() - 2 * 3_600_000).then(
        (calls) => {
          const known = new Set(ids);
          const merged = [...calls.filter((call) => !known.has(call.id)), ...ids.map((id, i) => ({ id, at: times[i] as number }))];
          merged.sort((a, b) => a.at - b.at);
          times.splice(0, times.length, ...merged.map((call) => call.at));
          ids.splice(0, ids.length, ...merged.map((call) => call.id));
        },
        (error: unknown) => logger?.warn({ reason: String(error) }, 'quota: the stored call log could not be read; counting from now'),
      )
    : Promise.resolve();
  const keep = (work: Promise<void> | undefined) =>
    void work?.catch((error: unknown) => logger?.warn({ reason: String(error) }, 'quota: a call could not be stored'));
  const prune = (now: number, limits: QuotaLimits) => {
    const from = now - limits.hourWindowMs;
    let expired = 0;
    while (expired < times.length && (times[expired] as number) <= from) expired++;
    times.splice(0, expired);
    ids.splice(0, expired);
  };
  return {
    async reserve(limits, id) {
      await loaded;
      const now = clock.now();
      prune(now, limits);
      const decision = decideSlot(times, now, limits);
      if (!decision.ok) return decision;
      times.push(decision.at);
      ids.push(id);
      keep(persistence?.record({ id, at: decision.at }));
      return { ok: true, waitMs: decision.waitMs };
    },
    async release(id) {
      await loaded;
      const index = ids.indexOf(id);
      if (index >= 0) {
        times.splice(index, 1);
        ids.splice(index, 1);
        keep(persistence?.forget(id));
      }
    },
    async usage(limits) {
      await loaded;
      const now = clock.now();
      prune(now, limits);
      return hourUsage(times, now, limits.hourWindowMs);
    },
    async log(limits) {
      await loaded;
      const now = clock.now();
      prune(now, limits);
      return { now, times: [...times], ids: [...ids] };
    },
    async close() {},
  };
}
