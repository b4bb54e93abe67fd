import { pino, type DestinationStream, type Level } from 'pino';
import type { Logger } from '../ports/logger.js';
import { currentRequest } from './request-context.js';

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
  return options.destination ? pino(config, options.destination) : pino(config);
}
