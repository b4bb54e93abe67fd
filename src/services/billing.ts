import type { CallStatus } from './cache-status.js';

export interface Prices {
  call: number;
  repeat: number;
}

/** A successful call costs the call price, or the repeat price when wholly served from cache; a failure costs 0. */
export function priceOf(prices: Prices, status: number, cacheStatus: CallStatus): number {
  if (status >= 400) return 0;
  return cacheStatus === 'MISS' ? prices.call : prices.repeat;
}
