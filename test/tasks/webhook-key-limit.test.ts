import { describe, expect, it } from 'vitest';
import { limitPerHost, PER_HOST_IN_FLIGHT, PER_KEY_IN_FLIGHT } from '../../src/tasks/webhooks/host-limit.js';
import { RetryableDeliveryError } from '../../src/tasks/webhooks/webhook-delivery.js';

/*
 * Issue 20, item 11 ("a per-host/per-key bound"): the host bound alone let one key whose receivers hang on many
 * hosts take every notification worker. Deliveries are bounded per key too; a deferred one is retried later.
 */
describe('notification deliveries in flight', () => {
  /** A delivery that hangs until released, counting what is in flight. */
  function hangingDelivery() {
    const pending: (() => void)[] = [];
    let started = 0;
    const deliver = () => {
      started++;
      return new Promise<void>((resolve) => pending.push(resolve));
    };
    return { deliver, started: () => started, releaseAll: () => pending.splice(0).forEach((release) => release()) };
  }

  it('one key with hanging receivers on many hosts holds at most PER_KEY_IN_FLIGHT; another key still gets through', async () => {
    const receiver = hangingDelivery();
    const deliver = limitPerHost(receiver.deliver);
    const attempts = Array.from({ length: 8 }, (_, i) => deliver('postback', `https://hang-${i}.example/cb`, '{}', 'key-a'));
    const outcomes = await Promise.race([Promise.allSettled(attempts.slice(PER_KEY_IN_FLIGHT)), new Promise((r) => setTimeout(() => r('hung'), 1000))]);
    // The ones past the bound are deferred at once (retryable), not queued behind the hanging ones.
    expect(Array.isArray(outcomes)).toBe(true);
    for (const outcome of outcomes as PromiseSettledResult<void>[]) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(RetryableDeliveryError);
    }
    expect(receiver.started()).toBe(PER_KEY_IN_FLIGHT);
    // Another customer's delivery starts even now.
    const other = deliver('postback', 'https://healthy.example/cb', '{}', 'key-b');
    expect(receiver.started()).toBe(PER_KEY_IN_FLIGHT + 1);
    receiver.releaseAll();
    await Promise.all([...attempts.slice(0, PER_KEY_IN_FLIGHT), other]);
    // Released: key A may deliver again.
    const again = deliver('pingback', 'https://hang-9.example/cb', undefined, 'key-a');
    expect(receiver.started()).toBe(PER_KEY_IN_FLIGHT + 2);
    receiver.releaseAll();
    await again;
  });

  it('the host bound still holds across keys', async () => {
    const receiver = hangingDelivery();
    const deliver = limitPerHost(receiver.deliver);
    const attempts = Array.from({ length: PER_HOST_IN_FLIGHT + 1 }, (_, i) => deliver('postback', 'https://one.example/cb', '{}', `key-${i}`));
    await expect(attempts.at(-1)).rejects.toBeInstanceOf(RetryableDeliveryError);
    expect(receiver.started()).toBe(PER_HOST_IN_FLIGHT);
    receiver.releaseAll();
    await Promise.all(attempts.slice(0, PER_HOST_IN_FLIGHT));
  });
});
