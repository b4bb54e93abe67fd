/**
 * Starts at most `perTurn` requests per event-loop turn, the rest first come, first served on later turns.
 *
 * Why: with 1,000 keep-alive connections on a busy service, one poll of the event loop hands Node hundreds of
 * ready requests, and the loop runs them all before it polls again. A connection that is still being accepted
 * waits for those turns: measured on this 2-core machine, the first request of the last connections waited 4–11 s
 * while every established connection was served in under 1 s (a bare node:http server with 0.4 ms of work per
 * request shows the same). Spreading the work over short turns lets the loop poll (and accept) between them, and
 * turns the order into one queue in arrival order, so no connection is starved. With no backlog a request starts at
 * once, as before.
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

/** Requests started per turn: small enough to poll often, large enough that scheduling costs nothing measurable. */
export const REQUESTS_PER_TURN = Number(process.env.TURN ?? 32);
