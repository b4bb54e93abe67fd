import type { Logger } from '../../../../src/ports/logger.js';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  obj: object;
}

/** A logger that keeps what it is told, for asserting that failures are reported. */
export function createCaptureLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (obj: object, msg = '') => {
      lines.push({ level, msg, obj });
    };
  const logger = {
    lines,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => logger,
  };
  return logger;
}
