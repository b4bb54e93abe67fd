/** The upstream budget as the service counts it (Wordstat has no quota-introspection method). */
export interface QuotaStatus {
  hourly: { limit: number; remaining: number; resetsInSeconds: number };
  perSecond: { limit: number };
}

/** What the core may ask of the quota scheduler: planning, never spending (the adapter spends per call). */
export interface QuotaGuard {
  /** The current budget. */
  status(): Promise<QuotaStatus>;
  /** True when `n` more upstream calls fit the hour budget now. */
  canAfford(n: number): Promise<boolean>;
}
