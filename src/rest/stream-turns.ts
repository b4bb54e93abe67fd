import { TASK_RESULT_PAGES } from '../domain/requests/task-result-pages.js';

/**
 * Streamed task answers (a task's JSON, CSV or XLSX, up to 10,000 keywords each) take turns: at most
 * `TASK_RESULT_PAGES.streamsAtOnce` are being written at a time in a process, the others wait their turn before
 * their first database read. Ten parallel XLSX downloads once held /healthz for 14 s and grew RSS by 366 MB: each
 * one's slices of work queued behind the others', and each held its working set at once. A waiting download
 * costs nothing but its socket; the ones being written go at full speed.
 */
let writing = 0;
const waiting: (() => void)[] = [];

const acquire = (): Promise<void> => {
  if (writing < TASK_RESULT_PAGES.streamsAtOnce) {
    writing++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
};

const release = () => {
  const next = waiting.shift();
  if (next) next(); // the turn passes on as it is
  else writing--;
};

/** The chunks of `produce`, produced only in a turn of its own (released when done, failed or abandoned). */
export async function* inTurn<T>(produce: () => AsyncIterable<T>): AsyncGenerator<T> {
  await acquire();
  try {
    yield* produce();
  } finally {
    release();
  }
}
