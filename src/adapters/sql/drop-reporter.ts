import type { Logger } from '../../ports/logger.js';

/** Loud but bounded logging of rows dropped while the ledger buffer is full. */
export interface DropReporter {
  /** A row was dropped; `total` is the running count, `at` the row's time. */
  dropped(total: number, at: string): void;
  /** A write succeeded: closes the current episode, if any, with a summary. */
  recovered(total: number): void;
}

const REPEAT_MS = 10_000;

/** One error line when dropping starts, one every 10 s while it lasts, one summary when writes resume. */
export function createDropReporter(logger: Logger, maxBuffer: number): DropReporter {
  let episode: { startTotal: number; firstAt: string; lastLogged: number } | undefined;
  return {
    dropped(total, at) {
      const now = Date.now();
      if (!episode) {
        episode = { startTotal: total - 1, firstAt: at, lastLogged: now };
        logger.error(
          { maxBuffer, firstDroppedAt: at },
          'ledger buffer full (database unreachable): new usage rows are being DROPPED and will not be billed',
        );
      } else if (now - episode.lastLogged >= REPEAT_MS) {
        episode.lastLogged = now;
        logger.error({ droppedSoFar: total - episode.startTotal, since: episode.firstAt }, 'ledger still dropping usage rows');
      }
    },
    recovered(total) {
      if (!episode) return;
      logger.error(
        { dropped: total - episode.startTotal, firstDroppedAt: episode.firstAt },
        'ledger writes resumed; usage rows dropped while the buffer was full are lost',
      );
      episode = undefined;
    },
  };
}
