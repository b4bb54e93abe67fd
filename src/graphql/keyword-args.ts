import { extraMatchTypes } from '../domain/match-types.js';
import { normalizeHistoryMonths } from '../services/keyword-history.js';

/**
 * Validated match types and history of a `keyword`/`keywords` field's (or createSearchVolumeTask's) arguments:
 * INVALID_FIELD naming the argument. The resolver and the operation plan both read them through here.
 */
export function keywordVolumeOptions(args: { matchTypes?: unknown; historyMonths?: unknown }) {
  return {
    matchTypes: extraMatchTypes(Array.isArray(args.matchTypes) ? args.matchTypes : undefined, 'matchTypes'),
    historyMonths: normalizeHistoryMonths(args.historyMonths ?? undefined, 'historyMonths'),
  };
}
