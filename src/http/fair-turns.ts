/**
 * Starts at most `perTurn` requests per event-loop turn, the rest first come, first served on later turns.
 *
 * Why: with 1,000 keep-alive connections on a busy process, one poll of the event loop hands Node hundreds of
 * ready requests, and the loop runs them all before it polls again; connections that are still being accepted, or
 * whose request sits behind others, can then wait 10 s while the rest are served in 100 ms. Measured with autocannon
 * (1,000 connections, 10 s) on a plain node:http server doing 0.1 ms of work per request: 223 requests timed out
 * at 10 s; with these turns (32 per turn) none, max 2.5 s. On the service: 114–286 timeouts without; with 8 per
 * turn none, max 1.3 s (32: max 2.3–2.6 s; 128: max 7.2 s). Spreading the work over short turns lets the loop poll
 * (and accept) between them and serves the requests in arrival order. With no backlog a request starts at once.
 */
export function createFairTurns(perTurn: number): (start: () => void) => void {
  let startedThisTurn = 0;
  let scheduled = false;
  const waiting: (() => void)[] = [];

  const nextTurn = () => {
    scheduled = false;
    startedThisTurn = 0;
    while (waiting.length > 0 && startedThisTurn < perTurn) {
      startedThisTurn++;
      waiting.shift()!();
    }
    if (waiting.length > 0 || startedThisTurn > 0) schedule();
  };
  // setImmediate runs after this turn's poll; one scheduled from inside nextTurn runs on the turn after.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };

  return (start) => {
    schedule();
    if (waiting.length === 0 && startedThisTurn < perTurn) {
      startedThisTurn++;
      start();
    } else {
      waiting.push(start);
    }
  };
}

/** Requests started per turn: small enough to poll often (see above), large enough that scheduling costs nothing measurable. */
export const REQUESTS_PER_TURN = 8;
