import { Writable } from 'node:stream';
import { createJsonLogger } from '../../src/observability/json-logger.js';

/** A JSON logger whose lines the test can read back (raw text and parsed objects), and wait for. */
export function createCapturedLogger(level: 'debug' | 'info' = 'debug') {
  const chunks: string[] = [];
  const waiting: Array<() => boolean> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i]!()) waiting.splice(i, 1);
      done();
    },
  });
  const logger = createJsonLogger({ level, destination });
  const text = () => chunks.join('');
  const lines = () =>
    text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  /**
   * The first line that satisfies `match`, as soon as it is written (checked on every write, never on a timer);
   * rejects after `timeoutMs` (a deadline, not a wait).
   */
  const untilLine = (match: (line: Record<string, unknown>) => boolean, timeoutMs = 10_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = () => lines().find(match);
      const deadline = setTimeout(() => {
        const at = waiting.indexOf(check);
        if (at >= 0) waiting.splice(at, 1);
        reject(new Error(`no such log line within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const line = found();
        if (!line) return false;
        clearTimeout(deadline);
        resolve(line);
        return true;
      };
      if (!check()) waiting.push(check);
    });
  return { logger, text, lines, untilLine };
}
