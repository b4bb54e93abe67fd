import type { Config } from '../config/config.js';
import type { Logger } from '../ports/logger.js';
import { loadOrCreateDevKey } from '../adapters/dev-key.js';

/**
 * With no key configured at all (and not in production), use a development key kept under DATA_DIR, and a
 * banner with a ready-to-paste curl line for the process to print, so the first run works without any docs.
 */
export function withDevKey(config: Config, logger: Logger): { config: Config; banner?: (port: number) => string } {
  if (config.API_KEYS.length > 0 || config.NODE_ENV === 'production') return { config };
  const { key, created, path } = loadOrCreateDevKey(config.DATA_DIR);
  // Shown on purpose, once per start: it is a local development key, and the operator asked for none. Made once
  // listening, with the port actually bound (PORT=0 picks a free one).
  const banner = (port: number) => [
    '',
    `No API_KEYS set: using the development key ${created ? 'just created' : 'kept'} in ${path}`,
    `  Authorization: Bearer ${key}`,
    `  curl -s -X POST http://localhost:${port}/v2/stats/top -H 'Authorization: Bearer ${key}' \\`,
    `       -H 'Content-Type: application/json' -d '{"phrase":"велосипед","numPhrases":5}'`,
    `  GraphiQL: http://localhost:${port}/graphql (put the header above into its Headers tab)`,
    '',
  ].join('\n');
  logger.warn({ path }, 'using a development API key (set API_KEYS or issue keys for real use)');
  return { config: Object.freeze({ ...config, API_KEYS: [key] }), banner };
}
