import { pino, type DestinationStream, type Level, type Logger as PinoLogger } from 'pino';
import type { Logger } from '../ports/logger.js';
import { currentRequest } from '../http/request-context.js';
import { LineBatch, type LineSink } from './line-batch.js';

/**
 * Paths pino censors in every line, as a second fence: our own code logs only key ids, but a header map or
 * a request object logged by mistake must not leak a credential.
 */
export const REDACTED_PATHS = [
  'authorization',
  'Authorization',
  'headers.authorization',
  'req.headers.authorization',
  'request.headers.authorization',
  'key',
  'apiKey',
  'api_key',
  'token',
  'password',
  '*.authorization',
  '*.apiKey',
  '*.token',
  '*.password',
];

export interface JsonLoggerOptions {
  level: Level | 'silent';
  /** Where lines go; stdout by default (tests pass a stream to read them back). */
  destination?: DestinationStream;
}

/**
 * Structured JSON logs (one object per line) for the service. Every line written while a request is served
 * carries that request's id (`reqId`), whichever module wrote it.
 */
export function createJsonLogger(options: JsonLoggerOptions): Logger {
  const config = {
    level: options.level,
    base: { service: 'search-demand-stats' },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: () => {
      const info = currentRequest();
      return info ? { reqId: info.requestId } : {};
    },
  };
  if (options.destination) return withRawLines(pino(config, options.destination), options.destination, config.base);
  // stdout, written in batches: one write per access-log line cost a syscall per request (≈7% of a cache hit's
  // CPU). Lines wait at most FLUSH_EVERY_MS. The batch is drained at exit before sonic-boom's own exit flush, which
  // pino registers for the stream it makes (this listener is added first, and drains and flushes itself anyway).
  flushBatchesAtExit();
  // In buffer mode sonic-boom's write takes the Buffer a batch is (its type says string).
  const sink = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' }) as unknown as LineSink;
  const stdout = new LineBatch(sink, BATCH_BYTES);
  batchesToFlush.add(new WeakRef(stdout));
  const logger = withRawLines(pino(config, stdout), stdout, config.base);
  // One flush at a time: while the stream is still writing, each flush would add a drain listener of its own.
  let flushing = false;
  setInterval(() => {
    if (flushing) return;
    flushing = true;
    logger.flush(() => {
      flushing = false;
    });
  }, FLUSH_EVERY_MS).unref();
  return logger;
}

/** The stdout batches of this process's loggers, drained at exit (weakly held: a logger dropped is not kept). */
const batchesToFlush = new Set<WeakRef<LineBatch>>();
let flushingAtExit = false;

/**
 * One exit listener for every batch, added before the first sonic-boom is made: pino registers sonic-boom's own exit
 * flush when it makes one, and the batch must reach sonic-boom first (this listener flushes it too, in any case).
 */
function flushBatchesAtExit(): void {
  if (flushingAtExit) return;
  flushingAtExit = true;
  process.once('exit', () => {
    for (const ref of batchesToFlush) {
      try {
        ref.deref()?.flushSync();
      } catch {
        // stdout closed or gone: nothing left to write to.
      }
    }
  });
}

/** A line's level, as pino numbers it. */
const LEVEL_NUMBERS = { debug: 20, info: 30, error: 50 } as const;

/**
 * Writes one line in pino's own format (level, time, the base fields, then `fieldsJson`, then msg) straight to
 * the logger's stream. `fieldsJson` is the inside of a JSON object, already escaped, with no trailing comma.
 */
export type RawLineWriter = (level: keyof typeof LEVEL_NUMBERS, fieldsJson: string, msg: string) => void;

const rawWriters = new WeakMap<object, RawLineWriter>();

/**
 * Registers the raw writer of a logger made here. pino's generic path (the mixin, the merge, `asJson` walking
 * every key) cost 13 % of a /v1 cache hit's busy CPU for the one access line a request writes; a line built by
 * its caller from a handful of known fields needs none of it (bench/README.md, "The hit path, 2026-11-27, second
 * pass"). The same stream keeps every line in order.
 */
function withRawLines<L extends PinoLogger>(logger: L, stream: { write(text: string): unknown }, base: object): L {
  const baseJson = JSON.stringify(base).slice(1, -1);
  rawWriters.set(logger, (level, fieldsJson, msg) => {
    if (!logger.isLevelEnabled(level)) return;
    stream.write(`{"level":${LEVEL_NUMBERS[level]},"time":${Date.now()},${baseJson},${fieldsJson},"msg":${JSON.stringify(msg)}}\n`);
  });
  return logger;
}

/** The raw line writer of a logger made here, or undefined (a test's logger, the silent one). */
export function rawLineWriter(logger: Logger): RawLineWriter | undefined {
  return rawWriters.get(logger);
}

/** Bytes of log lines gathered before a write to stdout (sonic-boom's largest write, 16 KiB). */
const BATCH_BYTES = 16 * 1024;
/** Longest a line waits for the batch to fill. */
const FLUSH_EVERY_MS = 100;
