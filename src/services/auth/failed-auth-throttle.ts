/**
 * How many wrong credentials one peer may present in a window before it must wait. One implementation for every
 * credential the service checks: admin tokens (admin-routes.ts) and API keys on the data routes (authenticator.ts).
 */
export interface FailedAuthLimits {
  /** Wrong credentials a peer may present per window; the next ones are answered 429 until the window ends. */
  maxFailures: number;
  /** The window those failures are counted in, from the first one. */
  windowMs: number;
  /** Peers remembered at once; the oldest is forgotten first (a flood of addresses cannot grow memory). */
  maxPeers?: number;
}

export interface FailedAuthThrottle {
  /** Seconds `peer` must wait before a credential of its is looked up; 0 when it may try now. */
  waitSeconds(peer: string | undefined): number;
  /** Counts a wrong credential from `peer`. */
  failed(peer: string | undefined): void;
}

const DEFAULT_MAX_PEERS = 10_000;

/**
 * The peer a socket address is counted as. IPv4 (also mapped into IPv6) by address; IPv6 by its /64, the block one
 * subscriber is given (counting single IPv6 addresses would give one client 2^64 fresh windows). No address (a
 * request that did not come over a socket) is one peer of its own.
 */
export function peerKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Counts wrong credentials per peer in a fixed window from the first one. Only failures are counted and only
 * failures are refused: a caller checks a credential it can check without cost (a configured token, a static or
 * cached key) before asking `waitSeconds`, so a right one is never refused because others guessed from the same
 * address, and a peer that guesses cannot slow any other peer.
 */
export function createFailedAuthThrottle(limits: FailedAuthLimits, now: () => number = Date.now): FailedAuthThrottle {
  const maxPeers = limits.maxPeers ?? DEFAULT_MAX_PEERS;
  const windows = new Map<string, { start: number; failures: number }>();
  const current = (peer: string) => {
    const window = windows.get(peer);
    if (!window || now() - window.start >= limits.windowMs) return undefined;
    return window;
  };
  return {
    waitSeconds(address) {
      const window = current(peerKey(address));
      if (!window || window.failures < limits.maxFailures) return 0;
      return Math.max(1, Math.ceil((window.start + limits.windowMs - now()) / 1000));
    },
    failed(address) {
      const peer = peerKey(address);
      const window = current(peer);
      if (window) {
        window.failures++;
        return;
      }
      windows.delete(peer);
      if (windows.size >= maxPeers) windows.delete(windows.keys().next().value!);
      windows.set(peer, { start: now(), failures: 1 });
    },
  };
}
