import { Writable } from 'node:stream';
import { createJsonLogger } from '../../src/observability/json-logger.js';

/** A JSON logger whose lines the test can read back (raw text and parsed objects). */
export function createCapturedLogger(level: 'debug' | 'info' = 'debug') {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
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
  return { logger, text, lines };
}
