import { RetryableDeliveryError, type WebhookKind } from './webhook-delivery.js';

/** A delivery, with the key whose task it notifies (for the per-key bound). */
type Deliver = (kind: WebhookKind, url: string, body?: string, keyId?: string) => Promise<void>;

/** Deliveries in flight to one host at once. */
export const PER_HOST_IN_FLIGHT = 2;
/** Deliveries in flight for one key's tasks at once (of the 8 a process runs): one key cannot take them all. */
export const PER_KEY_IN_FLIGHT = 4;

/** Counts in flight per name; `take` refuses past `limit`. */
function counter(limit: number) {
  const inFlight = new Map<string, number>();
  return {
    busy: (name: string) => (inFlight.get(name) ?? 0) >= limit,
    take: (name: string) => inFlight.set(name, (inFlight.get(name) ?? 0) + 1),
    give: (name: string) => {
      const left = (inFlight.get(name) ?? 1) - 1;
      if (left === 0) inFlight.delete(name);
      else inFlight.set(name, left);
    },
  };
}

/**
 * At most `perHost` deliveries to one host and `perKey` for one key's tasks at a time. One more is not waited for
 * (that would hold a worker, and hanging receivers would soon hold them all): it is retried later like a failed
 * attempt. So a customer whose receivers hang, on one host or on many, delays only their own notifications.
 */
export function limitPerHost(deliver: Deliver, perHost = PER_HOST_IN_FLIGHT, perKey = PER_KEY_IN_FLIGHT): Deliver {
  const hosts = counter(perHost);
  const keys = counter(perKey);
  return async (kind, url, body, keyId) => {
    const host = new URL(url).host;
    if (hosts.busy(host)) throw new RetryableDeliveryError(`notification deferred: ${perHost} deliveries to ${host} are under way`);
    if (keyId !== undefined && keys.busy(keyId)) {
      throw new RetryableDeliveryError(`notification deferred: ${perKey} deliveries for this key's tasks are under way`);
    }
    hosts.take(host);
    if (keyId !== undefined) keys.take(keyId);
    try {
      await deliver(kind, url, body, keyId);
    } finally {
      hosts.give(host);
      if (keyId !== undefined) keys.give(keyId);
    }
  };
}
