import type { FakeRequest } from '../../fakes/wordstat/fake-wordstat.js';

/**
 * The canonical identity of one upstream request as it reached the fake, worked out independently of the
 * service's own cache keys: two requests Wordstat would answer alike (phrase case and spacing, list order,
 * DEVICE_ALL vs. no filter, default numPhrases) get the same key. So duplicates the service's canonical form
 * misses still count as duplicates here.
 */
export function wireRequestKey(request: FakeRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const phrase = String(body.phrase ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String).sort() : []);
  const devices = list(body.devices);
  const parts: unknown[] = [
    request.method,
    phrase,
    list(body.regions),
    devices.includes('DEVICE_ALL') ? [] : devices,
  ];
  if (request.method === 'top') parts.push(Number(body.numPhrases ?? 50) || 50);
  if (request.method === 'dynamics') parts.push(body.period ?? 'PERIOD_MONTHLY', dateOf(body.fromDate), dateOf(body.toDate));
  if (request.method === 'regions') parts.push(body.region ?? 'REGION_ALL');
  return JSON.stringify(parts);
}

function dateOf(value: unknown): string {
  return typeof value === 'string' ? new Date(Date.parse(value)).toISOString().slice(0, 10) : '';
}

/** Paid upstream requests and how many distinct canonical requests they were. */
export function upstreamEconomy(requests: readonly FakeRequest[]): { calls: number; distinct: number } {
  const paid = requests.filter((r) => r.method !== 'regionTree');
  return { calls: paid.length, distinct: new Set(paid.map(wireRequestKey)).size };
}
