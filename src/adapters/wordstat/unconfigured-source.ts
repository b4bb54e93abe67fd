import { DomainError } from '../../domain/errors.js';
import type { StatisticsSource } from '../../ports/statistics-source.js';

/**
 * A stand-in for SOURCE=wordstat without credentials: the service still starts (health, docs, GraphiQL work),
 * and every data call answers 503 saying what is missing, instead of quietly serving something else.
 */
export function createUnconfiguredSource(reason: string): StatisticsSource {
  const fail = (): Promise<never> =>
    Promise.reject(new DomainError('SOURCE_UNAVAILABLE', `Wordstat source is not configured: ${reason}`));
  return {
    kind: 'wordstat',
    top: fail,
    dynamics: fail,
    regions: fail,
    regionTree: fail,
  };
}
