/** Where a batch goes: sonic-boom's stream (pino.destination), or anything that writes text in order. */
export interface LineSink {
  write(text: string): boolean;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * pino's destination for stdout: lines are joined in memory and handed to the sink a batch at a time. sonic-boom
 * batches too (`minLength`), but measures the UTF-8 length of its whole pending text on every write — up to 8 KiB
 * scanned per access line, 4 % of a /v1 cache hit's CPU in the profile (bench/README.md, "The hit path, 2026-11-27").
 * Here a line costs an array push; the sink sees one write per batch. `flush`/`flushSync` (pino calls them: the
 * flush timer, a fatal line, process exit) pass everything held first.
 */
export class LineBatch {
  #lines: string[] = [];
  #chars = 0;

  constructor(
    private readonly sink: LineSink,
    /** Characters held before a write (a Cyrillic character is 2 bytes: keep it under the sink's largest write). */
    private readonly batchChars: number,
  ) {}

  write(line: string): boolean {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= this.batchChars) this.drain();
    return true;
  }

  /** Hands the held lines to the sink, in order. */
  drain(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    this.sink.write(text);
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
    return this.#lines.length;
  }
}
