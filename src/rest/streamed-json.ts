import type { Reply } from '../http/exchange.js';
import { StreamedList } from './streamed-list.js';
import { inTurn } from './stream-turns.js';

/**
 * A JSON answer holding one StreamedList, written as a stream: the text around the list in one piece each, the
 * list's items a page at a time as they are read. The bytes are those JSON.stringify would write for the whole.
 */
export function streamedJsonReply(payload: unknown, list: StreamedList, headers: Record<string, string>, status = 200): Reply {
  const text = JSON.stringify(payload);
  const mark = JSON.stringify(StreamedList.MARK);
  const at = text.indexOf(mark);
  if (at === -1) throw new Error('the streamed list is not part of the payload');
  const head = text.slice(0, at);
  const tail = text.slice(at + mark.length);
  // In a turn of its own (stream-turns.ts): nothing is read before the first chunk is asked for.
  async function* body(): AsyncGenerator<Uint8Array> {
    yield Buffer.from(`${head}[`);
    let written = 0;
    for await (const page of list.read()) {
      if (page.length === 0) continue;
      yield Buffer.from((written > 0 ? ',' : '') + page.map((item) => JSON.stringify(item)).join(','));
      written += page.length;
    }
    yield Buffer.from(`]${tail}`);
  }
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: inTurn(body) };
}
