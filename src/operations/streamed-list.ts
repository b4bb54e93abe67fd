/**
 * A list in an answer that is written as it is read, never held whole: a page of a task's result (up to 10,000
 * keywords), read from the database a few hundred rows at a time. JSON writes it in place of the array
 * (streamed-json.ts); a CSV or XLSX file reads it twice, once for its columns and once for its rows.
 */
export class StreamedList {
  /** What JSON.stringify writes in its place; the streamed writer splits the text there. */
  static readonly MARK = '\u0000streamed-list\u0000';

  /** `length`: the items it will yield (known up front: the envelope states result_count before the items). */
  constructor(
    readonly length: number,
    private readonly pages: () => AsyncIterable<readonly unknown[]>,
  ) {}

  /** The items, a page at a time; each call reads again from the start. */
  read(): AsyncIterable<readonly unknown[]> {
    return this.pages();
  }

  toJSON(): string {
    return StreamedList.MARK;
  }
}
