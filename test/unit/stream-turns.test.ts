import { describe, expect, it } from 'vitest';
import { inTurn } from '../../src/rest/stream-turns.js';
import { TASK_RESULT_PAGES } from '../../src/domain/requests/task-result-pages.js';

/*
 * Issue 25, item 2: streamed task answers take turns, so ten parallel downloads do not slice the event loop ten
 * ways (or hold ten working sets). A turn is taken at the first chunk asked for and given back when the answer ends,
 * fails or is abandoned by its reader.
 */
describe('stream turns', () => {
  it('at most streamsAtOnce answers are produced at once; the others start as turns come free, in order', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const answer = (n: number) =>
      inTurn(async function* () {
        running++;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
        yield n;
        running--;
      });
    const reads = Array.from({ length: 6 }, (_, n) => (async () => {
      const got: number[] = [];
      for await (const chunk of answer(n)) got.push(chunk);
      return got;
    })());
    // Let every reader ask, then open the gates one by one as the producers reach them.
    for (let opened = 0; opened < 6; ) {
      await new Promise((resolve) => setImmediate(resolve));
      while (gates.length > 0) {
        gates.shift()!();
        opened++;
      }
    }
    expect(await Promise.all(reads)).toEqual([[0], [1], [2], [3], [4], [5]]);
    expect(most).toBe(TASK_RESULT_PAGES.streamsAtOnce);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a reader that stops early (a closed connection) gives its turn back; one that never asked took none', async () => {
    const never = Array.from({ length: 10 }, () => inTurn(async function* () { yield 1; }));
    expect(never).toHaveLength(10); // created, never read: no turn held
    for (let i = 0; i < TASK_RESULT_PAGES.streamsAtOnce + 2; i++) {
      const iterator = inTurn(async function* () {
        yield 1;
        yield 2;
      })[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toBe(1);
      await iterator.return?.(undefined);
    }
    // Every turn is free again: a new answer starts at once.
    const started = inTurn(async function* () { yield 'now'; })[Symbol.asyncIterator]();
    expect((await started.next()).value).toBe('now');
  });
});
