/** Failed admin logins a peer may make per window before it must wait. */
export const MAX_FAILURES = 10;
/** The window those failures are counted in. */
export const FAILURE_WINDOW_MS = 60_000;
/** Peers remembered at once; the oldest is forgotten first (a flood of addresses cannot grow memory). */
const MAX_PEERS = 10_000;

export interface FailedAuthThrottle {
  /** Seconds `peer` must wait before its token is even looked at; 0 when it may try now. */
  waitSeconds(peer: string): number;
  /** Counts a wrong token from `peer`. */
  failed(peer: string): void;
}

/**
 * Limits wrong admin tokens per peer (10 a minute): the token is a long secret, but nothing stopped 10,000 guesses
 * a second. A throttled peer is answered 429 without its token being checked, so guessing gains nothing.
 */
export function createFailedAuthThrottle(now: () => number = Date.now): FailedAuthThrottle {
  const windows = new Map<string, { start: number; failures: number }>();
  const current = (peer: string) => {
    const window = windows.get(peer);
    if (!window || now() - window.start >= FAILURE_WINDOW_MS) return undefined;
    return window;
  };
  return {
    waitSeconds(peer) {
      const window = current(peer);
      if (!window || window.failures < MAX_FAILURES) return 0;
      return Math.max(1, Math.ceil((window.start + FAILURE_WINDOW_MS - now()) / 1000));
    },
    failed(peer) {
      const window = current(peer);
      if (window) {
        window.failures++;
        return;
      }
      windows.delete(peer);
      if (windows.size >= MAX_PEERS) windows.delete(windows.keys().next().value!);
      windows.set(peer, { start: now(), failures: 1 });
    },
  };
}
