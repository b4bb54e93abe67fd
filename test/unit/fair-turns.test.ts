import { describe, expect, it } from 'vitest';
import { createFairTurns } from '../../src/http/fair-turns.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('fair turns', () => {
  it('starts at most perTurn requests per event-loop turn, the rest in arrival order on later turns', async () => {
    const admit = createFairTurns(3);
    const started: number[] = [];
    for (let i = 0; i < 8; i++) admit(() => started.push(i));
    expect(started).toEqual([0, 1, 2]); // this turn
    await nextTurn();
    await nextTurn();
    expect(started.slice(0, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    for (let i = 0; i < 4; i++) await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a request arriving while others wait queues behind them, not ahead', async () => {
    const admit = createFairTurns(1);
    const started: string[] = [];
    admit(() => started.push('a'));
    admit(() => started.push('b'));
    admit(() => started.push('c'));
    for (let i = 0; i < 3; i++) await nextTurn();
    admit(() => started.push('late'));
    for (let i = 0; i < 4; i++) await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'late']);
  });

  it('with no backlog a request starts at once, in the same turn', () => {
    const admit = createFairTurns(8);
    let started = false;
    admit(() => {
      started = true;
    });
    expect(started).toBe(true);
  });
});
