/** Where a batch goes: sonic-boom's stream in buffer mode (pino.destination), or anything that writes bytes in order. */
export interface LineSink {
  write(chunk: Buffer): boolean;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * pino's destination for stdout: lines are encoded, as they come, into one buffer that the sink gets a batch at a
 * time. A line costs one UTF-8 write into memory: no array of strings to join (the join flattened every line
 * again) and no `Buffer.byteLength` of pending text per line (sonic-boom's text mode measured its whole pending
 * batch on every write: 4 % of a /v1 cache hit's CPU; bench/README.md, "The hit path, 2026-11-27").
 * `flush`/`flushSync` (pino calls them: the flush timer, a fatal line, process exit) pass everything held first.
 */
export class LineBatch {
  #bytes: Buffer;
  #used = 0;
  #lines = 0;

  constructor(
    private readonly sink: LineSink,
    /** Bytes held before a write (keep it at most the sink's largest write: sonic-boom's is 16 KiB). */
    private readonly batchBytes: number,
  ) {
    this.#bytes = Buffer.allocUnsafe(batchBytes);
  }

  write(line: string): boolean {
    // A UTF-16 unit is at most 3 bytes in UTF-8: a line that might not fit waits for the next buffer.
    const most = line.length * 3;
    if (this.#used + most > this.batchBytes) {
      this.drain();
      if (most > this.batchBytes) {
        this.sink.write(Buffer.from(line, 'utf8')); // a line longer than a batch goes on its own
        return true;
      }
    }
    this.#used += this.#bytes.write(line, this.#used, 'utf8');
    this.#lines++;
    return true;
  }

  /** Hands the held lines to the sink, in order (the sink keeps the bytes: a fresh buffer takes the next lines). */
  drain(): void {
    if (this.#used === 0) return;
    const chunk = this.#bytes.subarray(0, this.#used);
    this.#bytes = Buffer.allocUnsafe(this.batchBytes);
    this.#used = 0;
    this.#lines = 0;
    this.sink.write(chunk);
  }

  flush(callback?: (error?: Error) => void): void {
    this.drain();
    this.sink.flush(callback);
  }

  flushSync(): void {
    this.drain();
    this.sink.flushSync();
  }

  /** Lines held, not yet handed on (tests, the shutdown log). */
  get heldLines(): number {
    return this.#lines;
  }
}
