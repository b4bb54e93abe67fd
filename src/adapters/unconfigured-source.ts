import { DomainError } from '../domain/errors.js';
import type { StatisticsSource } from '../ports/statistics-source.js';

/** A source whose every call is 503: asked for but not configured (or production without credentials). */
export function createUnconfiguredSource(reason: string): StatisticsSource {
  const fail = async (): Promise<never> => {
    throw new DomainError('SOURCE_UNAVAILABLE', `the statistics source is not configured: ${reason}`);
  };
  return { kind: 'wordstat', top: fail, dynamics: fail, regions: fail, regionTree: fail };
}
