/** The state of one dependency: `degraded` still serves (e.g. a cache outage is a miss), `down` does not. */
export interface DependencyHealth {
  status: 'ok' | 'degraded' | 'down';
  /** Plain words for operators; never secrets or connection strings with passwords. */
  detail?: string;
}

/**
 * Implemented by adapters that can tell whether their dependency is reachable (Redis, PostgreSQL, the
 * upstream). Optional: /readyz reports parts without it as `ok` with what is known about them.
 */
export interface HealthReporter {
  /** A cheap probe; must settle quickly (the caller also applies a deadline). */
  checkHealth(): Promise<DependencyHealth>;
}

/** True when `part` implements HealthReporter. */
export function reportsHealth(part: unknown): part is HealthReporter {
  return typeof (part as Partial<HealthReporter> | null)?.checkHealth === 'function';
}

/** Readiness of one dependency, as /readyz reports it. */
export interface DependencyCheck {
  name: string;
  /** `ok: false` makes the instance not ready (503); `degraded` still serves (200) and says why. */
  check(): Promise<{ ok: boolean; degraded?: boolean; detail?: string }>;
}
