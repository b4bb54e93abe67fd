import { makePrivateDir } from './adapters/private-dir.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';

/**
 * What every process entry (the HTTP server, the stdio MCP server) does first: the configuration from the
 * environment, or exit 2 with the message naming the variable; then files it writes (development key,
 * embedded database) readable by its owner only, and an existing DATA_DIR made private again.
 */
export function loadProcessConfig(): Config {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  process.umask(0o077);
  if (!config.DATABASE_URL) makePrivateDir(config.DATA_DIR);
  return config;
}
