import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LineBatch, type LineSink } from '../../src/observability/line-batch.js';

function recordingSink() {
  const writes: string[] = [];
  const calls: string[] = [];
  const sink: LineSink = {
    write: (text) => (writes.push(text), true),
    flush: (callback) => (calls.push('flush'), callback?.()),
    flushSync: () => void calls.push('flushSync'),
  };
  return { sink, writes, calls };
}

describe('LineBatch, the access log batch in front of stdout', () => {
  it('holds lines until a batch is full, then hands them on in one write, in order', () => {
    const { sink, writes } = recordingSink();
    const batch = new LineBatch(sink, 30);
    batch.write('{"n":1}\n');
    batch.write('{"n":2}\n');
    batch.write('{"n":3}\n');
    expect(writes).toEqual([]);
    expect(batch.heldLines).toBe(3);
    batch.write('{"n":4}\n'); // 32 characters: the batch is full
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n']);
    expect(batch.heldLines).toBe(0);
  });

  it('flush and flushSync pass what is held before the sink flushes (the timer, a fatal line, exit)', () => {
    const { sink, writes, calls } = recordingSink();
    const batch = new LineBatch(sink, 1_000);
    batch.write('a\n');
    let flushed = false;
    batch.flush(() => (flushed = true));
    expect(writes).toEqual(['a\n']);
    expect(flushed).toBe(true);
    batch.write('b\n');
    batch.flushSync();
    expect(writes).toEqual(['a\n', 'b\n']);
    expect(calls).toEqual(['flush', 'flushSync']);
    batch.flushSync(); // nothing held: no empty write
    expect(writes).toHaveLength(2);
  });

  it("the service's stdout logger loses no line when the process exits right after writing", () => {
    const script = `
      const { createJsonLogger } = await import(${JSON.stringify(new URL('../../src/observability/json-logger.ts', import.meta.url).href)});
      const logger = createJsonLogger({ level: 'info' });
      for (let i = 0; i < 25; i++) logger.info({ i }, 'line');
      process.exit(0);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { i: number; msg: string });
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
});
