import type { Logger } from '../../ports/logger.js';

/**
 * A warn-level logger for repeated failures: during an outage every request fails the same way, so it logs the
 * first occurrence and then at most one line per interval carrying the count of lines it held back.
 */
export function createThrottledWarn(
  logger: Logger,
  intervalMs = 5_000,
): (error: unknown, msg: string, extra?: object) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (error, msg, extra = {}) => {
    const now = Date.now();
    if (now - lastAt < intervalMs) {
      suppressed++;
      return;
    }
    lastAt = now;
    logger.warn({ ...extra, err: describe(error), suppressed }, msg);
    suppressed = 0;
  };
}

function describe(error: unknown): { name: string; message: string } {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}
