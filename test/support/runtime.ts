import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { RegionCatalog } from '../../src/domain/regions/catalog.js';
import type { Cache } from '../../src/ports/cache.js';
import { silentLogger } from '../../src/ports/logger.js';
import type { StatisticsSource } from '../../src/ports/statistics-source.js';
import { createAuthenticator } from '../../src/services/auth/authenticator.js';
import type { Prices } from '../../src/services/billing.js';
import type { ServiceRuntime } from '../../src/services/runtime.js';
import { createSourceGateway } from '../../src/services/source-gateway.js';
import { createFixtureCatalog } from './catalog.js';
import { createTestClock, TEST_KEY, type TestClock } from './kit.js';
import { createTestCache } from './memory-cache.js';

export const TEST_PRICES: Prices = { call: 1, repeat: 0.1 };
const HOUR = 3_600_000;

export interface TestRuntimeOptions {
  source: StatisticsSource;
  /** Default: the small fixture tree of test/support/catalog.ts. */
  catalog?: RegionCatalog;
  /** Default: a fixed clock at FIXED_NOW. */
  clock?: TestClock;
  /** Default: an in-memory cache on the same clock. */
  cache?: Cache;
  prices?: Prices;
  timeZone?: string;
}

export interface TestRuntime {
  runtime: ServiceRuntime;
  clock: TestClock;
  cache: Cache;
  ledger: ReturnType<typeof createMemoryLedger>;
}

/**
 * A ServiceRuntime wired for tests: the given source behind the real gateway (cache 24 h fresh, 7 d stale),
 * a fixed clock, static key TEST_KEY, a memory ledger, a silent logger, prices call 1 / repeat 0.1.
 */
export function createTestRuntime(options: TestRuntimeOptions): TestRuntime {
  const clock = options.clock ?? createTestClock();
  const cache = options.cache ?? createTestCache(clock);
  const ledger = createMemoryLedger();
  const runtime: ServiceRuntime = {
    catalog: options.catalog ?? createFixtureCatalog(),
    clock,
    timeZone: options.timeZone ?? 'Europe/Moscow',
    gateway: createSourceGateway({ source: options.source, cache, clock, freshTtlMs: 24 * HOUR, staleTtlMs: 7 * 24 * HOUR }),
    authenticator: createAuthenticator([TEST_KEY]),
    ledger,
    logger: silentLogger,
    prices: options.prices ?? TEST_PRICES,
    concurrency: 8,
    sourceKind: options.source.kind,
  };
  return { runtime, clock, cache, ledger };
}

export interface PostOptions {
  /** Bearer key; null sends no Authorization header. Default TEST_KEY. */
  key?: string | null;
  method?: string;
  /** Send this text as the body instead of JSON.stringify(body). */
  raw?: string;
}

/** A request as a client would send it to the service. */
export function apiRequest(path: string, body?: unknown, options: PostOptions = {}): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = options.key === undefined ? TEST_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const method = options.method ?? 'POST';
  const text = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  return new Request(`http://service.test${path}`, {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: text ?? '' }),
  });
}
