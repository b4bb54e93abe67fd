import { RetryableDeliveryError, type WebhookKind } from './webhook-delivery.js';

type Deliver = (kind: WebhookKind, url: string, body?: string) => Promise<void>;

/** Deliveries in flight to one host at once. */
export const PER_HOST_IN_FLIGHT = 2;

/**
 * At most PER_HOST_IN_FLIGHT deliveries to one host at a time. One more to a busy host is not waited for (that
 * would hold a worker, and a hanging receiver would soon hold them all): it is retried later like a failed
 * attempt. So a customer whose receiver hangs delays only their own notifications.
 */
export function limitPerHost(deliver: Deliver, perHost = PER_HOST_IN_FLIGHT): Deliver {
  const inFlight = new Map<string, number>();
  return async (kind, url, body) => {
    const host = new URL(url).host;
    const busy = inFlight.get(host) ?? 0;
    if (busy >= perHost) throw new RetryableDeliveryError(`notification deferred: ${perHost} deliveries to ${host} are under way`);
    inFlight.set(host, busy + 1);
    try {
      await deliver(kind, url, body);
    } finally {
      const left = (inFlight.get(host) ?? 1) - 1;
      if (left === 0) inFlight.delete(host);
      else inFlight.set(host, left);
    }
  };
}
