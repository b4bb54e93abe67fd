import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LineBatch, type LineSink } from '../../src/observability/line-batch.js';

function recordingSink() {
  const writes: string[] = [];
  const calls: string[] = [];
  const sink: LineSink = {
    write: (chunk) => (writes.push(chunk.toString('utf8')), true),
    flush: (callback) => (calls.push('flush'), callback?.()),
    flushSync: () => void calls.push('flushSync'),
  };
  return { sink, writes, calls };
}

describe('LineBatch, the access log batch in front of stdout', () => {
  it('holds lines until a batch is full, then hands them on in one write, in order', () => {
    const { sink, writes } = recordingSink();
    const line = (n: number) => `{"n":${n},"pad":"${'x'.repeat(90)}"}\n`; // 108 bytes
    const batch = new LineBatch(sink, 1024);
    for (let n = 1; n <= 7; n++) batch.write(line(n));
    expect(writes).toEqual([]);
    expect(batch.heldLines).toBe(7);
    // 756 bytes held; the next line may need 3 × 108 (as if it were all Cyrillic): the seven go first.
    batch.write(line(8));
    expect(writes).toEqual([[1, 2, 3, 4, 5, 6, 7].map(line).join('')]);
    expect(batch.heldLines).toBe(1);
  });

  it('writes Cyrillic as UTF-8, and a line that may not fit goes after the held ones, never split', () => {
    const { sink, writes } = recordingSink();
    const batch = new LineBatch(sink, 1000);
    const short = '{"phrase":"ноутбук"}\n';
    const long = `{"phrase":"${'ш'.repeat(316)}"}\n`; // may need 3 × 330 bytes, more than is left: the next buffer
    batch.write(short);
    batch.write(long);
    expect(writes).toEqual([short]);
    batch.flushSync();
    expect(writes).toEqual([short, long]);
    const huge = `{"phrase":"${'я'.repeat(600)}"}\n`; // more than a batch: written on its own, in order
    batch.write(short);
    batch.write(huge);
    expect(writes.slice(2)).toEqual([short, huge]);
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
